package com.scaleout.functions.albums;

import com.scaleout.declaration.BucketSpec;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Images in S3 under {@code images/<sha256>}: a HEAD first, so an image posted again (the seed's client posts one
 * image 300,000 times) costs a HEAD, not an upload.
 */
public final class S3ImageStore implements ImageStore {
    public static final String BUCKET = "AlbumImages";

    private final S3Client s3;
    private final String bucket;

    public S3ImageStore(S3Client s3) {
        this.s3 = s3;
        this.bucket = RuntimeEnvironment.variable(BucketSpec.environmentVariable(BUCKET)).orElse(null);
    }

    @Override
    public String put(byte[] image) {
        String key = "images/" + sha256(image);
        if (!exists(key)) {
            s3.putObject(r -> r.bucket(bucket).key(key).contentType("application/octet-stream"),
                    RequestBody.fromBytes(image));
        }
        return key;
    }

    private boolean exists(String key) {
        try {
            s3.headObject(r -> r.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always present", e);
        }
    }
}
