package com.scaleout.declaration;

import java.util.Objects;
import java.util.Optional;

/**
 * An S3 bucket (encrypted, private, TLS only). Like tables, its physical name is chosen by the CDK app or the
 * local runtime and reaches functions in {@link #environmentVariable()}.
 *
 * @param tagExpiry objects that carry this tag are deleted once it is that many days old (an S3 lifecycle rule)
 */
public record BucketSpec(String name, Optional<TagExpiry> tagExpiry) {

    /** Objects tagged {@code key=value} expire after {@code days} unless the tag is removed before. */
    public record TagExpiry(String key, String value, int days) {
        public TagExpiry {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (days < 1) {
                throw new IllegalArgumentException("an expiry is at least a day (S3 counts whole days), was " + days);
            }
        }
    }

    public BucketSpec {
        Names.requireLogicalName(name, "bucket");
        Objects.requireNonNull(tagExpiry, "tagExpiry");
    }

    public BucketSpec(String name) {
        this(name, Optional.empty());
    }

    public BucketSpec expiringTagged(String key, String value, int days) {
        return new BucketSpec(name, Optional.of(new TagExpiry(key, value, days)));
    }

    public String environmentVariable() {
        return environmentVariable(name);
    }

    public static String environmentVariable(String bucketName) {
        return "BUCKET_" + Names.upperSnake(bucketName);
    }
}
