package com.scaleout.functions.health;

import com.scaleout.functions.shared.redis.RedisLink;
import java.util.Optional;

/** Redis answers PING. No configured cache counts as down: timelines and caches need it. */
public final class RedisProbe implements DependencyProbe {
    private final Optional<RedisLink> redis;

    public RedisProbe(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public void check() {
        String answer = RedisLink.required(redis).sync().ping();
        if (!"PONG".equals(answer)) {
            throw new IllegalStateException("unexpected PING answer " + answer);
        }
    }
}
