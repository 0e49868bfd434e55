package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.SearchCache;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cached first pages of searches in memory, with the Redis adapter's generations: a page is stored with the
 * stamp its lookup returned and served only while its terms' generations are unchanged. It counts hits, puts and
 * pages made stale, so tests can tell a cached answer from a recomputed one, and can be flushed or switched off to
 * play Redis being down (then every call fails). Pages do not expire: the 300 s TTL is Redis's business.
 */
public final class InMemorySearchCache implements SearchCache {
    private final Map<String, Stored> pages = new HashMap<>();
    private final Map<String, Long> generations = new HashMap<>();
    private int hits;
    private int puts;
    private int invalidations;
    private volatile boolean available = true;

    private record Stored(String stamp, CachedPage page) {
    }

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        pages.clear();
        generations.clear();
    }

    /** Whether a still valid page is cached for the query. */
    public synchronized boolean contains(String query) {
        Stored stored = pages.get(query);
        return stored != null && stored.stamp().equals(stamp(terms(query)));
    }

    /** How often a lookup found a valid cached page. */
    public synchronized int hits() {
        return hits;
    }

    /** How often a page was computed and stored. */
    public synchronized int puts() {
        return puts;
    }

    /** How many valid cached pages invalidations made stale. */
    public synchronized int invalidations() {
        return invalidations;
    }

    @Override
    public synchronized Lookup lookup(String query, List<String> terms) {
        checkAvailable();
        String stamp = stamp(terms);
        Stored stored = pages.get(query);
        if (stored != null && stored.stamp().equals(stamp)) {
            hits++;
            return new Lookup(Optional.of(stored.page()), stamp);
        }
        return new Lookup(Optional.empty(), stamp);
    }

    @Override
    public synchronized void put(String query, String stamp, CachedPage page) {
        checkAvailable();
        pages.put(query, new Stored(stamp, page));
        puts++;
    }

    @Override
    public synchronized void invalidate(List<String> terms) {
        checkAvailable();
        long valid = pages.keySet().stream().filter(this::contains).count();
        terms.forEach(term -> generations.merge(term, 1L, Long::sum));
        invalidations += (int) (valid - pages.keySet().stream().filter(this::contains).count());
    }

    private String stamp(List<String> terms) {
        var stamp = new StringBuilder();
        terms.forEach(term -> stamp.append(generations.getOrDefault(term, 0L)).append(','));
        return stamp.toString();
    }

    /** A normalized query is its terms, sorted, joined by spaces. */
    private static List<String> terms(String query) {
        return Arrays.asList(query.split(" "));
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("search cache is down");
        }
    }
}
