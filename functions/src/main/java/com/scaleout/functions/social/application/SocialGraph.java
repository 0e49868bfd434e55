package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Follower and following sets, from the cache when it has them, else from DynamoDB (and then put back in the
 * cache). If the cache is down the answer still comes, from DynamoDB.
 */
public final class SocialGraph {
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final FollowGraphCache cache;
    private final FollowStore follows;

    public SocialGraph(FollowGraphCache cache, FollowStore follows) {
        this.cache = cache;
        this.follows = follows;
    }

    public Set<String> followers(String userId) {
        return cachedOrStored(userId, cache::followers, follows::allFollowerIds, cache::replaceFollowers);
    }

    /**
     * The candidates who follow the user: a membership check of each in the cached set, without reading all of it
     * (a celebrity's million); from the whole set when the cache does not have it.
     */
    public Set<String> followersAmong(String userId, Collection<String> candidates) {
        try {
            var known = cache.followersAmong(userId, candidates);
            if (known.isPresent()) {
                return known.get();
            }
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("follow graph cache unavailable; reading DynamoDB", e);
        }
        var followers = followers(userId);
        return candidates.stream().filter(followers::contains).collect(Collectors.toSet());
    }

    public Set<String> following(String userId) {
        return cachedOrStored(userId, cache::following, follows::allFolloweeIds, cache::replaceFollowing);
    }

    private Set<String> cachedOrStored(String userId, Function<String, Optional<Set<String>>> cached,
                                       Function<String, Set<String>> stored, BiConsumer<String, Set<String>> keep) {
        try {
            var hit = cached.apply(userId);
            if (hit.isPresent()) {
                return hit.get();
            }
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("follow graph cache unavailable; reading DynamoDB", e);
            return stored.apply(userId);
        }
        Set<String> ids = stored.apply(userId);
        keep.accept(userId, ids);
        return ids;
    }

    public FollowGraphCache cache() {
        return cache;
    }
}
