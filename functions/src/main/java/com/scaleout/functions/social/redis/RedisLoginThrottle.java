package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.redis.FixedWindowCounter;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.LoginThrottle;
import com.scaleout.functions.social.domain.Usernames;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Attempt counters in Redis, one key per username and per address, expiring with the window that their first
 * attempt opened ({@link FixedWindowCounter}: of many parallel attempts no more than the limit get past). With the
 * cache unreachable, logins are not throttled: a cache outage must not lock everybody out; the log says so.
 */
public final class RedisLoginThrottle implements LoginThrottle {
    private static final Logger LOG = Logger.getLogger(RedisLoginThrottle.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();
    /**
     * Takes one attempt back, unless the window has ended meanwhile: a DECR of an expired key would leave a count of
     * -1 without expiry, one attempt more for the next window.
     */
    private static final String GIVE_BACK = "if redis.call('EXISTS', KEYS[1]) == 1 then "
            + "return redis.call('DECR', KEYS[1]) end return 0";
    private final Optional<RedisLink> redis;

    public RedisLoginThrottle(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    static String userKey(String username) {
        return "login-failures:user:" + Usernames.normalize(username);
    }

    static String addressKey(String address) {
        return "login-failures:ip:" + address;
    }

    @Override
    public Admission admit(String username, Optional<String> address) {
        try {
            var commands = RedisLink.required(redis).sync();
            Optional<Duration> refused = count(commands, userKey(username), PER_USERNAME);
            if (refused.isPresent()) {
                return new Admission(refused, Optional.empty());
            }
            return new Admission(Optional.empty(), address.isEmpty() ? Optional.empty()
                    : count(commands, addressKey(address.get()), PER_ADDRESS));
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("login throttle unavailable (cache unreachable): not throttling", e);
            return Admission.CHECKED;
        }
    }

    /** Counts one attempt on {@code key}; the time left in its window when that attempt is past the limit. */
    private static Optional<Duration> count(RedisClusterCommands<String, String> commands, String key, int limit) {
        var count = FixedWindowCounter.count(commands, key, WINDOW);
        return count.isPast(limit) ? Optional.of(count.left()) : Optional.empty();
    }

    private static void giveBack(RedisClusterCommands<String, String> commands, String key) {
        commands.eval(GIVE_BACK, ScriptOutputType.INTEGER, key);
    }

    @Override
    public void succeeded(String username, Optional<String> address) {
        try {
            var commands = RedisLink.required(redis).sync();
            commands.del(userKey(username));
            address.ifPresent(a -> giveBack(commands, addressKey(a)));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "login attempts not reset (cache unreachable)", e);
        }
    }
}
