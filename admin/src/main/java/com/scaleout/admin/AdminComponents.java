package com.scaleout.admin;

import com.scaleout.admin.application.ConsumerLag;
import com.scaleout.admin.application.ResetService;
import com.scaleout.admin.application.SeedService;
import com.scaleout.admin.application.StatusService;
import com.scaleout.admin.application.StressService;
import com.scaleout.admin.cloudwatch.CloudWatchConsumerLag;
import com.scaleout.admin.dynamodb.DynamoSeedChunkLog;
import com.scaleout.admin.dynamodb.DynamoSocialBulkWriter;
import com.scaleout.admin.dynamodb.DynamoTableCounts;
import com.scaleout.admin.dynamodb.DynamoTableEraser;
import com.scaleout.admin.redis.RedisCacheAdmin;
import com.scaleout.admin.s3.S3BucketEraser;
import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.dynamodb.DynamoUserStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;

/**
 * The admin and test routes' services: every table of the declaration (by the names the stack handed over), the
 * image bucket, the cache, the stream consumers' lag metrics, and the social services that the stress test times. Built once per environment.
 */
public record AdminComponents(SeedService seed, ResetService reset, StatusService status, StressService stress,
                              Optional<RedisLink> redis) {
    /**
     * Credentials, not data: a reset keeps the import keys (revoke them with {@code DELETE /admin/import-keys/{keyId}}).
     * It keeps the Idempotency-Keys too: a replayed answer says what a request did when it ran, as one replayed after
     * a DELETE does, and the reset's own key must outlive the reset for the reset to be replayed.
     */
    static final List<String> KEPT_BY_RESET = List.of("ImportKeys", ScaleoutDeclaration.IDEMPOTENCY_KEYS);

    /** The stream consumers' lag from CloudWatch, each by the function name it is deployed under. */
    private static ConsumerLag consumerLag(Declaration declaration, Clock clock) {
        var functionNames = new LinkedHashMap<String, String>();
        declaration.streamConsumers().stream().map(StreamConsumerSpec::function).distinct().forEach(consumer ->
                RuntimeEnvironment.variable(Settings.function(consumer))
                        .ifPresent(deployed -> functionNames.put(consumer, deployed)));
        var cloudWatch = AwsClients.configured(CloudWatchClient.builder(), Settings.CLOUDWATCH_ENDPOINT).build();
        return new CloudWatchConsumerLag(cloudWatch, functionNames, clock);
    }

    public static AdminComponents create() {
        var dynamoDb = AwsClients.dynamoDb();
        var redis = RedisLink.fromEnvironment();
        var clock = Clock.systemUTC();
        var declaration = ScaleoutDeclaration.declaration();

        var physicalTables = new LinkedHashMap<String, String>();
        var erasable = new LinkedHashMap<String, DynamoTableEraser.Table>();
        for (TableSpec table : declaration.tables()) {
            RuntimeEnvironment.variable(Settings.table(table.name())).ifPresent(physical -> {
                physicalTables.put(table.name(), physical);
                if (!KEPT_BY_RESET.contains(table.name())) {
                    erasable.put(table.name(), DynamoTableEraser.Table.of(table, physical));
                }
            });
        }
        var buckets = new LinkedHashMap<String, String>();
        for (BucketSpec bucket : declaration.buckets()) {
            RuntimeEnvironment.variable(Settings.bucket(bucket.name()))
                    .ifPresent(physical -> buckets.put(bucket.name(), physical));
        }

        var social = SocialComponents.create(dynamoDb, redis);
        var socialTables = SocialTables.fromEnvironment();
        var users = new DynamoUserStore(dynamoDb, socialTables);
        var bulk = new DynamoSocialBulkWriter(dynamoDb, socialTables);
        var seed = new SeedService(bulk, new DynamoSeedChunkLog(dynamoDb, socialTables), users, bulk,
                SocialComponents.passwordHasher(), social.sessions(), clock);
        var cache = new RedisCacheAdmin(redis);
        var bucketEraser = buckets.isEmpty() ? null : new S3BucketEraser(AwsClients.s3(), buckets);
        return new AdminComponents(seed,
                new ResetService(List.copyOf(erasable.keySet()), List.copyOf(buckets.keySet()),
                        new DynamoTableEraser(dynamoDb, erasable), bucketEraser, cache),
                new StatusService(new DynamoTableCounts(dynamoDb, physicalTables), cache, consumerLag(declaration, clock),
                        clock),
                new StressService(seed, users, social.accounts(), social.tweets(), social.follows(),
                        social.timelines(), Random::new), // made-up data, nothing secret
                redis);
    }
}
