package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.RecommendationCache;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each user's candidates in memory, best first as they were given; a computed list is remembered even when empty
 * (the Redis list's built marker), a list never computed reads as missing. It counts replacements, so tests can
 * tell a cached answer from a recomputed one, and can be flushed or switched off to play Redis being down.
 */
public final class InMemoryRecommendationCache implements RecommendationCache {
    private final Map<String, List<Candidate>> lists = new HashMap<>();
    private int replacements;
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        lists.clear();
    }

    /** How often a list was (re)computed and stored. */
    public synchronized int replacements() {
        return replacements;
    }

    @Override
    public synchronized Optional<List<Candidate>> get(String userId) {
        checkAvailable();
        return Optional.ofNullable(lists.get(userId)).map(List::copyOf);
    }

    @Override
    public synchronized void replace(String userId, List<Candidate> candidates) {
        checkAvailable();
        lists.put(userId, new ArrayList<>(candidates));
        replacements++;
    }

    @Override
    public synchronized void remove(String userId, String candidateId) {
        checkAvailable();
        Optional.ofNullable(lists.get(userId)).ifPresent(list -> list.removeIf(c -> c.userId().equals(candidateId)));
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("recommendation cache is down");
        }
    }
}
