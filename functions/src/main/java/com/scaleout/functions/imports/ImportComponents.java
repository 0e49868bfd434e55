package com.scaleout.functions.imports;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.dynamodb.DynamoChangeLog;
import com.scaleout.functions.imports.dynamodb.DynamoImportKeyStore;
import com.scaleout.functions.imports.dynamodb.DynamoRecordStore;
import com.scaleout.functions.imports.dynamodb.ImportTables;
import com.scaleout.functions.imports.redis.RedisImportKeyMarks;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.redis.RedisLink;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The import workload's services, wired to DynamoDB and (for the keys' revocation marks) Redis, built once per
 * execution environment. {@link Settings#IMPORT_KEY_CACHE_SECONDS} (the seed's hour) bounds how long an
 * environment keeps a key it has read (each use still looks up its revocation mark);
 * {@link Settings#IMPORT_WRITE_CONCURRENCY} how many record writes one request runs at once.
 */
public record ImportComponents(ImportService imports, ImportKeys keys, ChangeLogService changeLog, Clock clock,
                               Optional<RedisLink> redis) {
    public static final int DEFAULT_WRITE_CONCURRENCY = Settings.IMPORT_WRITE_CONCURRENCY.defaultInt();

    public static ImportComponents create() {
        int concurrency = RuntimeEnvironment.integer(Settings.IMPORT_WRITE_CONCURRENCY);
        AwsClients.keepAliveConnections(concurrency);
        var dynamoDb = AwsClients.dynamoDb();
        var tables = ImportTables.fromEnvironment();
        var clock = Clock.systemUTC();
        var redis = RedisLink.fromEnvironment();
        return new ImportComponents(
                new ImportService(new DynamoRecordStore(dynamoDb, tables.records(), concurrency, clock)),
                keys(new DynamoImportKeyStore(dynamoDb, tables.keys()), redis, clock),
                changeLog(dynamoDb, tables, clock),
                clock, redis);
    }

    /** The change log alone (its stream function needs neither records nor keys). */
    public static ChangeLogService changeLogFromEnvironment() {
        return changeLog(AwsClients.dynamoDb(), ImportTables.fromEnvironment(), Clock.systemUTC());
    }

    private static ChangeLogService changeLog(DynamoDbClient dynamoDb, ImportTables tables, Clock clock) {
        return new ChangeLogService(new DynamoChangeLog(dynamoDb, tables.changes(), tables.stats(), clock));
    }

    /** Key checks alone (the admin function needs no record store), with the cache their marks are kept in. */
    public static ImportKeys keysFromEnvironment(Optional<RedisLink> redis) {
        var clock = Clock.systemUTC();
        return keys(new DynamoImportKeyStore(AwsClients.dynamoDb(), ImportTables.fromEnvironment().keys()),
                redis, clock);
    }

    private static ImportKeys keys(DynamoImportKeyStore store, Optional<RedisLink> redis, Clock clock) {
        Duration ttl = Duration.ofSeconds(RuntimeEnvironment.variable(Settings.IMPORT_KEY_CACHE_SECONDS)
                .map(Long::parseLong).orElseThrow());
        return new ImportKeys(store, new RedisImportKeyMarks(redis), clock, ttl);
    }
}
