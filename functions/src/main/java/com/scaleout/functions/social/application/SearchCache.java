package com.scaleout.functions.social.application;

import java.util.List;
import java.util.Optional;

/**
 * First pages of searches, by normalized query, and which cached queries each term appears in, so a new or
 * deleted tweet invalidates exactly the cached queries that share a term with it.
 */
public interface SearchCache {
    Optional<CachedPage> get(String query);

    void put(String query, List<String> terms, CachedPage page);

    /** Drops every cached query that has one of these terms. */
    void invalidate(List<String> terms);

    record CachedPage(List<String> tweetIds, String next) {
    }
}
