package com.scaleout.functions.social.application;

import java.util.List;
import java.util.Map;

/** The inverted index: for each term, the ids of the tweets containing it. Adds and removes are idempotent. */
public interface SearchIndexStore {
    void add(String tweetId, List<String> terms);

    void remove(String tweetId, List<String> terms);

    /**
     * For each term, up to {@code limit} ids of tweets with it, not newer than {@code newest}, newest first (a term
     * without any maps to an empty list). The terms' reads are independent: a store may make them all at once.
     */
    Map<String, List<String>> postings(List<String> terms, String newest, int limit);
}
