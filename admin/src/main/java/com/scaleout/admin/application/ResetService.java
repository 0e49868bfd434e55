package com.scaleout.admin.application;

import com.scaleout.functions.shared.failure.UnavailableException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /admin/reset}: empties every table of the reset and the image bucket, then the cache. A large stage
 * takes more than one request's time: each call deletes until shortly before its deadline and says whether it is
 * complete; calling again goes on ({@code ./scaleout reset} repeats until it is). The cache is flushed once the data
 * is gone, so nothing refills it from data about to be deleted. Stream consumers then see the deletions go by and
 * remove what they derived; that is harmless (what they remove is gone already).
 */
public final class ResetService {
    /** Kept for what must happen after the last deletion: flushing the cache and answering. */
    static final Duration MARGIN = Duration.ofSeconds(3);

    private final List<String> tables;
    private final List<String> buckets;
    private final DataEraser tableEraser;
    private final DataEraser bucketEraser;
    private final CacheAdmin cache;

    public ResetService(List<String> tables, List<String> buckets, DataEraser tableEraser, DataEraser bucketEraser,
                        CacheAdmin cache) {
        this.tables = List.copyOf(tables);
        this.buckets = List.copyOf(buckets);
        this.tableEraser = tableEraser;
        this.bucketEraser = bucketEraser;
        this.cache = cache;
    }

    /**
     * @param deleted     items (and image objects) deleted by this call, per table (or bucket)
     * @param complete    nothing is left and the cache is empty; otherwise call again
     * @param cacheFlushed whether this call emptied the cache
     */
    public record Reset(boolean complete, Map<String, Long> deleted, boolean cacheFlushed, long durationMs) {
    }

    public Reset reset(Instant deadline) {
        long started = System.nanoTime();
        Instant stopAt = deadline.minus(MARGIN);
        var deleted = new LinkedHashMap<String, Long>();
        boolean empty = eraseAll(tables, tableEraser, stopAt, deleted) && eraseAll(buckets, bucketEraser, stopAt, deleted);
        if (empty) {
            try {
                cache.flush();
            } catch (RuntimeException e) {
                throw new UnavailableException("The data is erased but the cache did not answer: reset again");
            }
        }
        return new Reset(empty, deleted, empty, Duration.ofNanos(System.nanoTime() - started).toMillis());
    }

    private static boolean eraseAll(List<String> stores, DataEraser eraser, Instant stopAt, Map<String, Long> deleted) {
        for (String store : stores) {
            var erased = eraser.erase(store, stopAt);
            deleted.put(store, erased.deleted());
            if (!erased.empty()) {
                return false;
            }
        }
        return true;
    }
}
