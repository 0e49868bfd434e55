package com.scaleout.functions.albums;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.crypto.Digests;
import java.util.HexFormat;
import java.util.Optional;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Images in S3 under {@code images/<sha256>}: a HEAD first, so an image posted again (the seed's client posts one
 * image 300,000 times) costs a HEAD, not an upload. A new image is uploaded tagged
 * {@value ScaleoutDeclaration#UNCLAIMED_IMAGE_TAG} (the bucket's lifecycle rule deletes it after a day) and only if
 * no other post uploaded it meanwhile ({@code If-None-Match: *}, so a late upload never tags an image another album
 * has claimed); the post whose album is stored removes the tag. The HEAD's tag count tells a claimed image from one
 * still waiting, which a post that finds it claims too.
 */
public final class S3ImageStore implements ImageStore {
    public static final String BUCKET = "AlbumImages";
    private static final String UNCLAIMED = ScaleoutDeclaration.UNCLAIMED_IMAGE_TAG + "=true";

    private final S3Client s3;
    private final String bucket;

    public S3ImageStore(S3Client s3) {
        this.s3 = s3;
        this.bucket = RuntimeEnvironment.variable(Settings.bucket(BUCKET)).orElse(null);
    }

    @Override
    public Stored put(byte[] image) {
        String key = "images/" + sha256(image);
        Optional<Boolean> found = head(key);
        if (found.isPresent()) {
            return new Stored(key, found.get());
        }
        try {
            s3.putObject(r -> r.bucket(bucket).key(key).contentType("application/octet-stream").tagging(UNCLAIMED)
                    .ifNoneMatch("*"), RequestBody.fromBytes(image));
            return new Stored(key, true);
        } catch (S3Exception e) {
            if (e.statusCode() != 412) {
                throw e;
            }
            // uploaded meanwhile, by another post or by this one's own attempt whose answer was lost
            return new Stored(key, head(key).orElse(true));
        }
    }

    @Override
    public void claim(String key) {
        s3.deleteObjectTagging(r -> r.bucket(bucket).key(key));
    }

    /** Whether the object waits for a claim (it has tags); empty when there is none. */
    private Optional<Boolean> head(String key) {
        try {
            Integer tags = s3.headObject(r -> r.bucket(bucket).key(key)).tagCount();
            return Optional.of(tags != null && tags > 0);
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(Digests.sha256(bytes));
    }
}
