package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.FollowGraphCache;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Sets {@code followers:{userId}} and {@code following:{userId}}, each holding the marker {@value #BUILT} once
 * built from DynamoDB (a set without it is missing, even if a fanout added to it since a flush), and the set
 * {@code celebrities} of accounts whose tweets are merged at read time instead of fanned out.
 */
public final class RedisFollowGraphCache implements FollowGraphCache {
    static final String BUILT = "!";
    static final String CELEBRITIES = "celebrities";

    private final Optional<RedisLink> redis;

    public RedisFollowGraphCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String followersKey(String userId) {
        return "followers:{" + userId + "}";
    }

    static String followingKey(String userId) {
        return "following:{" + userId + "}";
    }

    @Override
    public Optional<Set<String>> followers(String userId) {
        return read(followersKey(userId));
    }

    @Override
    public Optional<Set<String>> following(String userId) {
        return read(followingKey(userId));
    }

    /** SMISMEMBER of the marker and the candidates, a thousand at a time. */
    @Override
    public Optional<Set<String>> followersAmong(String userId, Collection<String> candidates) {
        var asked = new ArrayList<String>(candidates.size() + 1);
        asked.add(BUILT); // asked with the first chunk: a set without it is missing
        asked.addAll(candidates);
        var members = SetMembers.among(connection().sync(), followersKey(userId), asked);
        // not built: the caller reads the whole set, which builds it
        return members.remove(BUILT) ? Optional.of(members) : Optional.empty();
    }

    private Optional<Set<String>> read(String key) {
        Set<String> members = new HashSet<>(connection().sync().smembers(key));
        if (!members.remove(BUILT)) {
            return Optional.empty();
        }
        return Optional.of(members);
    }

    @Override
    public void replaceFollowers(String userId, Set<String> followerIds) {
        replace(followersKey(userId), followerIds);
    }

    @Override
    public void replaceFollowing(String userId, Set<String> followeeIds) {
        replace(followingKey(userId), followeeIds);
    }

    /**
     * Builds a missing set: the members on top of what edges arrived since it went missing, the marker last, so a
     * reader never takes a half-written set for a built one.
     */
    private void replace(String key, Set<String> members) {
        List<String> all = new ArrayList<>(members);
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            for (int from = 0; from < all.size(); from += 1000) {
                pipeline.add(commands.sadd(key, all.subList(from, Math.min(all.size(), from + 1000))
                        .toArray(String[]::new)));
            }
            pipeline.add(commands.sadd(key, BUILT));
        });
    }

    @Override
    public void addEdge(String followerId, String followeeId) {
        Pipeline.run(connection(), pipeline -> {
            pipeline.add(pipeline.commands().sadd(followingKey(followerId), followeeId));
            pipeline.add(pipeline.commands().sadd(followersKey(followeeId), followerId));
        });
    }

    @Override
    public void removeEdge(String followerId, String followeeId) {
        Pipeline.run(connection(), pipeline -> {
            pipeline.add(pipeline.commands().srem(followingKey(followerId), followeeId));
            pipeline.add(pipeline.commands().srem(followersKey(followeeId), followerId));
        });
    }

    @Override
    public Set<String> celebritiesAmong(Collection<String> userIds) {
        if (userIds.isEmpty()) {
            return Set.of();
        }
        return SetMembers.among(connection().sync(), CELEBRITIES, userIds);
    }

    @Override
    public boolean markCelebrity(String userId, boolean celebrity) {
        var sync = connection().sync();
        return (celebrity ? sync.sadd(CELEBRITIES, userId) : sync.srem(CELEBRITIES, userId)) > 0;
    }
}
