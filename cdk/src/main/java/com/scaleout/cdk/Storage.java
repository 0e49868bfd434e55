package com.scaleout.cdk;

import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.LifecycleRule;
import software.constructs.Construct;

/**
 * One S3 bucket per {@link BucketSpec}: encrypted, public access blocked, TLS only, versioned off (objects are
 * content-addressed and never overwritten with other content). Names are left to CloudFormation and reach
 * functions through {@link BucketSpec#environmentVariable()}.
 */
public final class Storage extends Construct {
    /** Server access logs are kept this long: enough to investigate, not a second copy of the traffic forever. */
    private static final Duration ACCESS_LOG_EXPIRY = Duration.days(90);

    private final Map<String, Bucket> byName = new LinkedHashMap<>();
    private final Optional<Bucket> accessLogs;

    public Storage(Construct scope, String id, Declaration declaration, ScaleoutStackConfig config) {
        super(scope, id);
        if (declaration.buckets().isEmpty()) {
            accessLogs = Optional.empty();
            return;
        }
        Bucket logs = Bucket.Builder.create(this, "AccessLogs")
                .encryption(BucketEncryption.S3_MANAGED)
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .enforceSsl(true)
                .lifecycleRules(List.of(LifecycleRule.builder().expiration(ACCESS_LOG_EXPIRY).build()))
                .removalPolicy(config.removalPolicy())
                .build();
        accessLogs = Optional.of(logs);
        for (BucketSpec spec : declaration.buckets()) {
            byName.put(spec.name(), Bucket.Builder.create(this, spec.name())
                    .encryption(BucketEncryption.S3_MANAGED)
                    .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                    .enforceSsl(true)
                    .serverAccessLogsBucket(logs)
                    .serverAccessLogsPrefix(spec.name() + "/")
                    .removalPolicy(config.removalPolicy())
                    .build());
        }
    }

    /** Where the buckets' server access logs go (there is none without buckets). */
    public Optional<Bucket> accessLogs() {
        return accessLogs;
    }

    public Bucket bucket(String name) {
        Bucket bucket = byName.get(name);
        if (bucket == null) {
            throw new IllegalArgumentException("no bucket " + name);
        }
        return bucket;
    }
}
