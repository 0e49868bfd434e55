package com.scaleout.functions.social.application;

import java.util.List;

/** The inverted index: for each term, the ids of the tweets containing it. Adds and removes are idempotent. */
public interface SearchIndexStore {
    void add(String tweetId, List<String> terms);

    void remove(String tweetId, List<String> terms);

    /** Up to {@code limit} ids of tweets with the term, not newer than {@code newest}, newest first. */
    List<String> postings(String term, String newest, int limit);
}
