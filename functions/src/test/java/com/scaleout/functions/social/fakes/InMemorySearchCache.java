package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.SearchCache;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Cached first pages of searches in memory, with the Redis adapter's term sets: invalidating a term drops every
 * cached query that has it, and nothing else. It counts hits, puts and dropped pages, so tests can tell a cached
 * answer from a recomputed one, and can be flushed or switched off to play Redis being down (then every call
 * fails). Pages do not expire: the 300 s TTL is Redis's business.
 */
public final class InMemorySearchCache implements SearchCache {
    private final Map<String, CachedPage> pages = new HashMap<>();
    private final Map<String, Set<String>> queriesByTerm = new HashMap<>();
    private int hits;
    private int puts;
    private int invalidations;
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        pages.clear();
        queriesByTerm.clear();
    }

    public synchronized boolean contains(String query) {
        return pages.containsKey(query);
    }

    /** How often a get found a cached page. */
    public synchronized int hits() {
        return hits;
    }

    /** How often a page was computed and stored. */
    public synchronized int puts() {
        return puts;
    }

    /** How many cached pages invalidations dropped (a page dropped twice counts once: it was there once). */
    public synchronized int invalidations() {
        return invalidations;
    }

    @Override
    public synchronized Optional<CachedPage> get(String query) {
        checkAvailable();
        Optional<CachedPage> page = Optional.ofNullable(pages.get(query));
        if (page.isPresent()) {
            hits++;
        }
        return page;
    }

    @Override
    public synchronized void put(String query, List<String> terms, CachedPage page) {
        checkAvailable();
        terms.forEach(term -> queriesByTerm.computeIfAbsent(term, t -> new HashSet<>()).add(query));
        pages.put(query, page);
        puts++;
    }

    @Override
    public synchronized void invalidate(List<String> terms) {
        checkAvailable();
        for (String term : terms) {
            for (String query : queriesByTerm.getOrDefault(term, Set.of())) {
                if (pages.remove(query) != null) {
                    invalidations++;
                }
            }
        }
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("search cache is down");
        }
    }
}
