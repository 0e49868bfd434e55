package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.logging.ThrottledLog;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.domain.Usernames;
import io.lettuce.core.ExpireArgs;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Failure counters in Redis, one key per username and per address, expiring with the window that their first
 * failure opened (fixed windows: INCR, then EXPIRE NX). With the cache unreachable, logins are not throttled: a
 * cache outage must not lock everybody out; the log says so.
 */
public final class RedisLoginThrottle implements LoginThrottle {
    private static final Logger LOG = Logger.getLogger(RedisLoginThrottle.class.getName());
    private static final ThrottledLog CACHE_DOWN = new ThrottledLog(LOG, java.time.Duration.ofMinutes(1));
    private final Optional<RedisConnection> redis;

    public RedisLoginThrottle(Optional<RedisConnection> redis) {
        this.redis = redis;
    }

    static String userKey(String username) {
        return "login-failures:user:" + Usernames.normalize(username);
    }

    static String addressKey(String address) {
        return "login-failures:ip:" + address;
    }

    @Override
    public Optional<Duration> refusedFor(String username, Optional<String> address) {
        try {
            var commands = RedisConnection.required(redis).sync();
            Optional<Duration> refused = over(commands, userKey(username), PER_USERNAME);
            if (refused.isEmpty() && address.isPresent()) {
                refused = over(commands, addressKey(address.get()), PER_ADDRESS);
            }
            return refused;
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("login throttle unavailable (cache unreachable): not throttling", e);
            return Optional.empty();
        }
    }

    private static Optional<Duration> over(io.lettuce.core.cluster.api.sync.RedisClusterCommands<String, String> commands,
                                           String key, int limit) {
        String count = commands.get(key);
        if (count == null || Long.parseLong(count) < limit) {
            return Optional.empty();
        }
        long ttl = commands.ttl(key);
        return Optional.of(Duration.ofSeconds(ttl > 0 ? ttl : WINDOW.toSeconds()));
    }

    @Override
    public void failed(String username, Optional<String> address) {
        try {
            var commands = RedisConnection.required(redis).sync();
            count(commands, userKey(username));
            address.ifPresent(a -> count(commands, addressKey(a)));
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("login failure not counted (cache unreachable)", e);
        }
    }

    private static void count(io.lettuce.core.cluster.api.sync.RedisClusterCommands<String, String> commands,
                              String key) {
        commands.incr(key);
        commands.expire(key, WINDOW.toSeconds(), ExpireArgs.Builder.nx()); // the window starts at the first failure
    }

    @Override
    public void succeeded(String username) {
        try {
            RedisConnection.required(redis).sync().del(userKey(username));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "login failures not reset (cache unreachable)", e);
        }
    }
}
