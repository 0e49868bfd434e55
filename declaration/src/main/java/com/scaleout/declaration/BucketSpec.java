package com.scaleout.declaration;

import java.util.Objects;
import java.util.Optional;

/**
 * An S3 bucket (encrypted, private, TLS only). Like tables, its physical name is chosen by the CDK app or the
 * local runtime and reaches functions in {@link #environmentVariable()}.
 *
 * @param tagExpiry objects that carry this tag are deleted once it is that many days old (an S3 lifecycle rule)
 * @param dataLake  when the bucket holds files to query with SQL: in AWS a Glue database and an Athena workgroup
 *                  come with it (locally, DuckDB reads the same files)
 */
public record BucketSpec(String name, Optional<TagExpiry> tagExpiry, Optional<DataLake> dataLake) {

    /**
     * Files queried in place: each Athena query may scan at most {@code bytesScannedPerQuery} (Athena's minimum is
     * 10 MB), and files move to S3 Intelligent-Tiering {@code tieredAfterDays} days after they are written.
     */
    public record DataLake(long bytesScannedPerQuery, int tieredAfterDays) {
        public DataLake {
            if (bytesScannedPerQuery < 10_000_000L) {
                throw new IllegalArgumentException("Athena's per-query scan limit is at least 10 MB, was "
                        + bytesScannedPerQuery);
            }
            if (tieredAfterDays < 0) {
                throw new IllegalArgumentException("days to tiering must be 0 or more, was " + tieredAfterDays);
            }
        }
    }

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
        Objects.requireNonNull(dataLake, "dataLake");
    }

    public BucketSpec(String name) {
        this(name, Optional.empty(), Optional.empty());
    }

    public BucketSpec expiringTagged(String key, String value, int days) {
        return new BucketSpec(name, Optional.of(new TagExpiry(key, value, days)), dataLake);
    }

    public BucketSpec dataLake(long bytesScannedPerQuery, int tieredAfterDays) {
        return new BucketSpec(name, tagExpiry, Optional.of(new DataLake(bytesScannedPerQuery, tieredAfterDays)));
    }

    public String environmentVariable() {
        return environmentVariable(name);
    }

    public static String environmentVariable(String bucketName) {
        return "BUCKET_" + Names.upperSnake(bucketName);
    }
}
