package com.scaleout.cdk;

import com.scaleout.declaration.BucketSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.LifecycleRule;
import software.amazon.awscdk.services.s3.ObjectOwnership;
import software.amazon.awscdk.services.s3.StorageClass;
import software.amazon.awscdk.services.s3.Transition;
import software.constructs.Construct;

/**
 * One S3 bucket per {@link BucketSpec}: encrypted, public access blocked, TLS only, versioned off (objects are
 * content-addressed and never overwritten with other content). Names are left to CloudFormation and reach
 * functions through {@link BucketSpec#environmentVariable()}.
 *
 * <p>And the stack's log bucket, when something logs to it: the buckets' server access logs, the VPC's flow logs,
 * the web site's CloudFront logs.
 */
public final class Storage extends Construct {
    /** Logs are kept this long: enough to investigate, not a second copy of the traffic forever. */
    private static final Duration ACCESS_LOG_EXPIRY = Duration.days(90);

    private final Map<String, Bucket> byName = new LinkedHashMap<>();
    private final ScaleoutStackConfig config;
    private Bucket logs;

    public Storage(Construct scope, String id, List<BucketSpec> buckets, ScaleoutStackConfig config) {
        super(scope, id);
        this.config = config;
        for (BucketSpec spec : buckets) {
            Bucket bucket = privateBucket(this, spec.name(), spec.name() + "/");
            spec.tagExpiry().ifPresent(expiry -> bucket.addLifecycleRule(LifecycleRule.builder()
                    .id("expire-" + expiry.key())
                    .tagFilters(Map.of(expiry.key(), expiry.value()))
                    .expiration(Duration.days(expiry.days()))
                    .build()));
            spec.dataLake().ifPresent(lake -> bucket.addLifecycleRule(LifecycleRule.builder()
                    .id("tiering")
                    // files are read by queries for as long as they exist: Intelligent-Tiering moves the ones no
                    // query reads to cheaper tiers, and back when one does, without retrieval fees
                    .transitions(List.of(Transition.builder().storageClass(StorageClass.INTELLIGENT_TIERING)
                            .transitionAfter(Duration.days(lake.tieredAfterDays())).build()))
                    .abortIncompleteMultipartUploadAfter(Duration.days(1))
                    .build()));
            byName.put(spec.name(), bucket);
        }
    }

    /**
     * A log bucket and no declared bucket: for a stack whose buckets log to a bucket of their own stack (S3's
     * log delivery is granted in the log bucket's policy with the source bucket's ARN, so a log bucket in another
     * stack would make the two stacks reference each other, a cycle CloudFormation refuses).
     */
    static Storage logsOnly(Construct scope, String id, ScaleoutStackConfig config) {
        return new Storage(scope, id, List.of(), config);
    }

    /**
     * A bucket the way the stack makes every bucket: encrypted, public access blocked, TLS only, its server access
     * logged to the log bucket under {@code accessLogPrefix}, removed with a dev stack and retained by any other.
     */
    Bucket privateBucket(Construct scope, String id, String accessLogPrefix) {
        return Bucket.Builder.create(scope, id)
                .encryption(BucketEncryption.S3_MANAGED)
                .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                .enforceSsl(true)
                .serverAccessLogsBucket(logBucket())
                .serverAccessLogsPrefix(accessLogPrefix)
                .removalPolicy(config.removalPolicy())
                .build();
    }

    /** The log bucket, created by the first call: a stack with nothing that logs to S3 has none. */
    public Bucket logBucket() {
        if (logs == null) {
            logs = Bucket.Builder.create(this, "AccessLogs")
                    .encryption(BucketEncryption.S3_MANAGED)
                    // ACLs stay on: CloudFront's standard logs are delivered through them (S3's server access
                    // logs are granted by the bucket policy: see ScaleoutStacks)
                    .objectOwnership(ObjectOwnership.OBJECT_WRITER)
                    .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                    .enforceSsl(true)
                    .lifecycleRules(List.of(LifecycleRule.builder().expiration(ACCESS_LOG_EXPIRY).build()))
                    .removalPolicy(config.removalPolicy())
                    .build();
        }
        return logs;
    }

    /** The log bucket if anything created it (a stack without buckets or a VPC has none). */
    public Optional<Bucket> accessLogs() {
        return Optional.ofNullable(logs);
    }

    public Bucket bucket(String name) {
        Bucket bucket = byName.get(name);
        if (bucket == null) {
            throw new IllegalArgumentException("no bucket " + name);
        }
        return bucket;
    }
}
