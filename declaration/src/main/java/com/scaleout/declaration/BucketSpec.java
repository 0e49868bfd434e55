package com.scaleout.declaration;

/**
 * An S3 bucket (encrypted, private, TLS only). Like tables, its physical name is chosen by the CDK app or the
 * local runtime and reaches functions in {@link #environmentVariable()}.
 */
public record BucketSpec(String name) {
    public BucketSpec {
        Names.requireLogicalName(name, "bucket");
    }

    public String environmentVariable() {
        return environmentVariable(name);
    }

    public static String environmentVariable(String bucketName) {
        return "BUCKET_" + Names.upperSnake(bucketName);
    }
}
