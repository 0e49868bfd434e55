package com.scaleout.functions.imports;

import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import com.scaleout.functions.imports.dynamodb.DynamoImportKeyStore;
import com.scaleout.functions.imports.dynamodb.DynamoRecordStore;
import com.scaleout.functions.imports.dynamodb.ImportTables;
import com.scaleout.functions.shared.aws.DynamoDbClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The import workload's services, wired to DynamoDB, built once per execution environment.
 * {@code IMPORT_KEY_CACHE_SECONDS} (default 3600, the seed's hour) bounds how long an environment trusts a key it
 * has checked; {@code IMPORT_WRITE_CONCURRENCY} (default 32) how many record writes one request runs at once.
 */
public record ImportComponents(ImportService imports, ImportKeys keys, ChangeLogService changeLog, Clock clock) {
    public static final Duration DEFAULT_KEY_CACHE_TTL = Duration.ofHours(1);
    public static final int DEFAULT_WRITE_CONCURRENCY = 32;

    public static ImportComponents create() {
        int concurrency = RuntimeEnvironment.variable("IMPORT_WRITE_CONCURRENCY").map(Integer::parseInt)
                .orElse(DEFAULT_WRITE_CONCURRENCY);
        DynamoDbClients.keepAliveConnections(concurrency);
        var dynamoDb = DynamoDbClients.dynamoDb();
        var tables = ImportTables.fromEnvironment();
        var clock = Clock.systemUTC();
        return new ImportComponents(
                new ImportService(new DynamoRecordStore(dynamoDb, tables.records(), concurrency, clock)),
                keys(new DynamoImportKeyStore(dynamoDb, tables.keys()), clock),
                changeLog(dynamoDb, tables, clock),
                clock);
    }

    /** The change log alone (its stream function needs neither records nor keys). */
    public static ChangeLogService changeLogFromEnvironment() {
        return changeLog(DynamoDbClients.dynamoDb(), ImportTables.fromEnvironment(), Clock.systemUTC());
    }

    private static ChangeLogService changeLog(DynamoDbClient dynamoDb, ImportTables tables, Clock clock) {
        return new ChangeLogService(new DynamoChangeLog(dynamoDb, tables.changes(), tables.stats(), clock));
    }

    /** Key checks alone (the admin function needs no record store). */
    public static ImportKeys keysFromEnvironment() {
        var clock = Clock.systemUTC();
        return keys(new DynamoImportKeyStore(DynamoDbClients.dynamoDb(), ImportTables.fromEnvironment().keys()),
                clock);
    }

    private static ImportKeys keys(DynamoImportKeyStore store, Clock clock) {
        Duration ttl = RuntimeEnvironment.variable("IMPORT_KEY_CACHE_SECONDS").map(Long::parseLong)
                .map(Duration::ofSeconds).orElse(DEFAULT_KEY_CACHE_TTL);
        return new ImportKeys(store, clock, ttl);
    }
}
