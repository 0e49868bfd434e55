package com.scaleout.warehouse.s3;

import com.scaleout.warehouse.application.WarehouseFileStore;
import java.nio.file.Path;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The warehouse bucket in S3 (server-side encryption is the bucket's default, set by the CDK app). */
public final class S3WarehouseFileStore implements WarehouseFileStore {
    private final S3Client s3;
    private final String bucket;

    public S3WarehouseFileStore(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    @Override
    public void put(String key, Path file) {
        s3.putObject(put -> put.bucket(bucket).key(key).contentType("application/vnd.apache.parquet"),
                RequestBody.fromFile(file));
    }
}
