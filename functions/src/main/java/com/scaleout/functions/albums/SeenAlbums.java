package com.scaleout.functions.albums;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The albums this execution environment has seen to exist lately, so that their reviews need not read them again:
 * at most {@value #CAPACITY}, the oldest forgotten first, each for {@code remembered} (an operator's reset deletes
 * albums; a review of one is then refused at most that long after).
 */
final class SeenAlbums {
    static final int CAPACITY = 10_000;

    private final Duration remembered;
    private final Clock clock;
    private final Map<String, Long> seenAt = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > CAPACITY;
        }
    };

    SeenAlbums(Duration remembered, Clock clock) {
        this.remembered = remembered;
        this.clock = clock;
    }

    synchronized boolean seen(String albumId) {
        Long at = seenAt.get(albumId);
        return at != null && clock.millis() - at < remembered.toMillis();
    }

    synchronized void remember(String albumId) {
        if (!seen(albumId)) {
            seenAt.remove(albumId); // re-inserted: the newest again
            seenAt.put(albumId, clock.millis());
        }
    }
}
