package com.scaleout.functions.social.application;

import java.util.List;
import java.util.Map;

/** The inverted index: for each term, the ids of the tweets containing it. Adds and removes are idempotent. */
public interface SearchIndexStore {
    void add(String tweetId, List<String> terms);

    void remove(String tweetId, List<String> terms);

    /** One tweet's terms, added to the index (a new tweet) or removed (a deleted one). */
    record Change(String tweetId, List<String> terms, boolean added) {
    }

    /**
     * A stream batch's changes, in order, in as few writes as the store can make them (the default: one by one).
     * All or none may have been applied when it throws; applying them again is harmless.
     */
    default void apply(List<Change> changes) {
        for (Change change : changes) {
            if (change.added()) {
                add(change.tweetId(), change.terms());
            } else {
                remove(change.tweetId(), change.terms());
            }
        }
    }

    /**
     * For each term, up to {@code limit} ids of tweets with it, not newer than {@code newest}, newest first (a term
     * without any maps to an empty list). The terms' reads are independent: a store may make them all at once.
     */
    Map<String, List<String>> postings(List<String> terms, String newest, int limit);
}
