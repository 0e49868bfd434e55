package com.scaleout.admin.s3;

import com.scaleout.admin.application.DataEraser;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;

/** Empties a bucket a listing page (up to 1,000 objects) at a time, each page one DeleteObjects call. */
public final class S3BucketEraser implements DataEraser {
    private final S3Client s3;
    private final Map<String, String> buckets;

    /** {@code buckets}: physical names by logical name. */
    public S3BucketEraser(S3Client s3, Map<String, String> buckets) {
        this.s3 = s3;
        this.buckets = Map.copyOf(buckets);
    }

    @Override
    public Erased erase(String store, Instant deadline) {
        String bucket = buckets.get(store);
        if (bucket == null) {
            throw new IllegalArgumentException("no bucket " + store);
        }
        long deleted = 0;
        while (Instant.now().isBefore(deadline)) {
            var page = s3.listObjectsV2(r -> r.bucket(bucket));
            if (page.contents().isEmpty()) {
                return new Erased(deleted, true);
            }
            var objects = page.contents().stream().map(o -> ObjectIdentifier.builder().key(o.key()).build()).toList();
            s3.deleteObjects(r -> r.bucket(bucket).delete(d -> d.objects(objects).quiet(true)));
            deleted += objects.size();
        }
        return new Erased(deleted, false);
    }
}
