package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.SearchIndexStore;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The search index in memory: for each term a sorted set of tweet ids, as the DynamoDB store's shards merged, so
 * adds and removes are idempotent and postings read newest first, not newer than the snapshot (inclusive, as the
 * store's {@code tweetId <= :newest}).
 */
public final class InMemorySearchIndexStore implements SearchIndexStore {
    private final Map<String, TreeSet<String>> postings = new HashMap<>();

    @Override
    public synchronized void add(String tweetId, List<String> terms) {
        terms.forEach(term -> postings.computeIfAbsent(term, t -> new TreeSet<>()).add(tweetId));
    }

    @Override
    public synchronized void remove(String tweetId, List<String> terms) {
        for (String term : terms) {
            TreeSet<String> ids = postings.get(term);
            if (ids != null && ids.remove(tweetId) && ids.isEmpty()) {
                postings.remove(term);
            }
        }
    }

    /** Past the SDK's call timeout: what a busy table gives a query (a test sets it). */
    public volatile boolean timingOut;

    private int queries;

    /** How many searches read the index. */
    public synchronized int queries() {
        return queries;
    }

    @Override
    public synchronized Map<String, List<String>> postings(List<String> terms, String newest, int limit) {
        queries++;
        if (timingOut) {
            throw software.amazon.awssdk.core.exception.ApiCallTimeoutException.create(2_000);
        }
        var byTerm = new LinkedHashMap<String, List<String>>();
        for (String term : terms) {
            TreeSet<String> ids = postings.getOrDefault(term, new TreeSet<>());
            byTerm.put(term, ids.headSet(newest, true).descendingSet().stream().limit(limit).toList());
        }
        return byTerm;
    }

    /** Every term and its ids, sorted: two equal snapshots mean two equal indexes. */
    public synchronized SortedMap<String, SortedSet<String>> snapshot() {
        var copy = new TreeMap<String, SortedSet<String>>();
        postings.forEach((term, ids) -> copy.put(term, new TreeSet<>(ids)));
        return copy;
    }
}
