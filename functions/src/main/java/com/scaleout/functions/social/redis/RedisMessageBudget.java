package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.redis.FixedWindowCounter;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.MessageBudget;
import java.time.Duration;
import java.util.Optional;

/**
 * A counter per connection in Redis, in fixed windows ({@link FixedWindowCounter}). With the cache unreachable
 * messages are not counted (the log says so): the Live function's reserved concurrency still bounds what a flood
 * can take from the other functions.
 */
public final class RedisMessageBudget implements MessageBudget {
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();
    private final Optional<RedisLink> redis;

    public RedisMessageBudget(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    static String key(String connectionId) {
        return "live-messages:" + connectionId;
    }

    @Override
    public Optional<Duration> spend(String connectionId) {
        try {
            var count = FixedWindowCounter.count(RedisLink.required(redis).sync(), key(connectionId), WINDOW);
            return count.isPast(MESSAGES) ? Optional.of(count.left()) : Optional.empty();
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("live message budget unavailable (cache unreachable): not counting", e);
            return Optional.empty();
        }
    }
}
