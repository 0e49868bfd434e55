package com.scaleout.functions.social.application;

import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Follower and following sets, from the cache when it has them, else from DynamoDB (and then put back in the
 * cache). If the cache is down the answer still comes, from DynamoDB.
 */
public final class SocialGraph {
    private static final Logger LOG = Logger.getLogger(SocialGraph.class.getName());

    private final FollowGraphCache cache;
    private final FollowStore follows;

    public SocialGraph(FollowGraphCache cache, FollowStore follows) {
        this.cache = cache;
        this.follows = follows;
    }

    public Set<String> followers(String userId) {
        try {
            var cached = cache.followers(userId);
            if (cached.isPresent()) {
                return cached.get();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "follow graph cache unavailable; reading DynamoDB", e);
            return follows.allFollowerIds(userId);
        }
        Set<String> ids = follows.allFollowerIds(userId);
        cache.replaceFollowers(userId, ids);
        return ids;
    }

    public Set<String> following(String userId) {
        try {
            var cached = cache.following(userId);
            if (cached.isPresent()) {
                return cached.get();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "follow graph cache unavailable; reading DynamoDB", e);
            return follows.allFolloweeIds(userId);
        }
        Set<String> ids = follows.allFolloweeIds(userId);
        cache.replaceFollowing(userId, ids);
        return ids;
    }

    public FollowGraphCache cache() {
        return cache;
    }
}
