package com.scaleout.functions.social.application;

import java.util.List;
import java.util.Optional;

/**
 * First pages of searches, by normalized query. Each term has a generation that a new or deleted tweet with the
 * term advances; a page is stored with the generations of its terms read <em>before</em> it was computed and
 * served only while they are unchanged. So a tweet indexed while a page is being computed makes that page stale
 * rather than letting it overwrite the invalidation.
 */
public interface SearchCache {

    /** The cached page if still valid, and in any case the stamp (current generations) to store a new one under. */
    Lookup lookup(String query, List<String> terms);

    void put(String query, String stamp, CachedPage page);

    /** Advances the generations of these terms: every cached page with one of them is stale from now on. */
    void invalidate(List<String> terms);

    record Lookup(Optional<CachedPage> page, String stamp) {
    }

    record CachedPage(List<String> tweetIds, String next) {
    }
}
