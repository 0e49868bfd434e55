package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.AuthorNameCache;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Display names under {@code name:{userId}} for a day. A profile edit overwrites its user's name, so the TTL bounds
 * only a name whose overwrite failed (Redis down during the edit) and the memory of authors nobody reads any more.
 * Reads are single-key GETs, pipelined (no MGET: the keys of a page are in different cluster slots).
 */
public final class RedisAuthorNameCache implements AuthorNameCache {
    /**
     * A day: a read author costs one Users read a day rather than one per page, and a stale name left by a failed
     * overwrite shows for a day at most.
     */
    static final long TTL_SECONDS = 86_400;

    private final Optional<RedisLink> redis;

    public RedisAuthorNameCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String key(String userId) {
        return "name:{" + userId + "}";
    }

    @Override
    public Map<String, String> get(Collection<String> userIds) {
        var futures = new HashMap<String, RedisFuture<String>>();
        Pipeline.run(connection(), pipeline -> {
            for (String id : userIds) {
                futures.put(id, pipeline.add(pipeline.commands().get(key(id))));
            }
        });
        var found = new HashMap<String, String>();
        futures.forEach((id, future) -> {
            String name = future.toCompletableFuture().join(); // done: the pipeline awaited every reply
            if (name != null) {
                found.put(id, name);
            }
        });
        return found;
    }

    @Override
    public void fill(Map<String, String> namesByUserId) {
        if (namesByUserId.isEmpty()) {
            return;
        }
        Pipeline.run(connection(), pipeline -> namesByUserId.forEach((id, name) ->
                pipeline.add(pipeline.commands().set(key(id), name, SetArgs.Builder.nx().ex(TTL_SECONDS)))));
    }

    @Override
    public void replace(String userId, String displayName) {
        connection().sync().set(key(userId), displayName, SetArgs.Builder.ex(TTL_SECONDS));
    }
}
