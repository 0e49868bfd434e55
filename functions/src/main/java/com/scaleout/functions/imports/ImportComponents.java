package com.scaleout.functions.imports;

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
 * execution environment. {@code IMPORT_KEY_CACHE_SECONDS} (default 3600, the seed's hour) bounds how long an
 * environment keeps a key it has read (each use still looks up its revocation mark);
 * {@code IMPORT_WRITE_CONCURRENCY} (default 32) how many record writes one request runs at once.
 */
public record ImportComponents(ImportService imports, ImportKeys keys, ChangeLogService changeLog, Clock clock,
                               Optional<RedisLink> redis) {
    public static final Duration DEFAULT_KEY_CACHE_TTL = Duration.ofHours(1);
    public static final int DEFAULT_WRITE_CONCURRENCY = 32;

    public static ImportComponents create() {
        int concurrency = RuntimeEnvironment.variable("IMPORT_WRITE_CONCURRENCY").map(Integer::parseInt)
                .orElse(DEFAULT_WRITE_CONCURRENCY);
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
        Duration ttl = RuntimeEnvironment.variable("IMPORT_KEY_CACHE_SECONDS").map(Long::parseLong)
                .map(Duration::ofSeconds).orElse(DEFAULT_KEY_CACHE_TTL);
        return new ImportKeys(store, new RedisImportKeyMarks(redis), clock, ttl);
    }
}
