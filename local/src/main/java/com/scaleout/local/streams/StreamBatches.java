package com.scaleout.local.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * How the event source mapping cuts a shard's records into invocations: at most the batch size, and never an event
 * over Lambda's synchronous payload limit (a batch that would be is cut shorter, down to one record, which a
 * DynamoDB item's 400 KB images always fit).
 */
final class StreamBatches {
    private StreamBatches() {
    }

    /** {@code fits}: whether a batch's event is within Lambda's payload limit. */
    static <T> List<List<T>> of(List<T> records, int batchSize, Predicate<List<T>> fits) {
        var batches = new ArrayList<List<T>>();
        int from = 0;
        while (from < records.size()) {
            int size = largestFitting(records.subList(from, Math.min(records.size(), from + batchSize)), fits);
            batches.add(records.subList(from, from + size));
            from += size;
        }
        return batches;
    }

    /** The most leading records that fit: found in a few measurements (bisection), not one per record. */
    private static <T> int largestFitting(List<T> candidates, Predicate<List<T>> fits) {
        if (fits.test(candidates)) {
            return candidates.size();
        }
        int fitting = 1; // one record always goes, whatever its size: Lambda would not skip it either
        int over = candidates.size();
        while (over - fitting > 1) {
            int middle = (fitting + over) >>> 1;
            if (fits.test(candidates.subList(0, middle))) {
                fitting = middle;
            } else {
                over = middle;
            }
        }
        return fitting;
    }
}
