package com.scaleout.admin.application;

import com.scaleout.admin.seed.SeedRequest;
import java.util.Optional;

/**
 * What each chunk named by its client seeded, recorded once all of its data is written. The same chunk sent again
 * after that (a retry whose answer was lost, a resumed {@code ./scaleout seed}) is answered from here and writes
 * nothing; before that, it writes the same data again (see {@link SeedIndexCounter}).
 */
public interface SeedChunkLog {
    /**
     * A finished chunk: what it was asked (with the id of the account every new one follows, {@code fansOf}'s, or
     * null) and what it answered.
     */
    record Entry(SeedRequest request, String everyoneFollows, SeedService.Seeded seeded) {
    }

    Optional<Entry> finished(String chunkId);

    void finish(String chunkId, Entry entry);
}
