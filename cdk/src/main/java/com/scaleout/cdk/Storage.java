package com.scaleout.cdk;

import com.scaleout.declaration.BucketSpec;
import com.scaleout.declaration.Declaration;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.constructs.Construct;

/**
 * One S3 bucket per {@link BucketSpec}: encrypted, public access blocked, TLS only, versioned off (objects are
 * content-addressed and never overwritten with other content). Names are left to CloudFormation and reach
 * functions through {@link BucketSpec#environmentVariable()}.
 */
public final class Storage extends Construct {
    private final Map<String, Bucket> byName = new LinkedHashMap<>();

    public Storage(Construct scope, String id, Declaration declaration, ScaleoutStackConfig config) {
        super(scope, id);
        for (BucketSpec spec : declaration.buckets()) {
            byName.put(spec.name(), Bucket.Builder.create(this, spec.name())
                    .encryption(BucketEncryption.S3_MANAGED)
                    .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
                    .enforceSsl(true)
                    .removalPolicy(config.removalPolicy())
                    .build());
        }
    }

    public Bucket bucket(String name) {
        Bucket bucket = byName.get(name);
        if (bucket == null) {
            throw new IllegalArgumentException("no bucket " + name);
        }
        return bucket;
    }
}
