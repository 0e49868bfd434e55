package com.scaleout.functions.shared.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.List;

/**
 * Counts events per key in fixed windows: the first event of a window opens it (the key expires with it), each
 * event learns its place in the window. One script of one key: one round trip, and a cluster takes it. The INCR is
 * the admission, so that of many events at once no more than a limit get past.
 */
public final class FixedWindowCounter {
    /** The event's place in its window, and the seconds left of the window. */
    private static final String COUNT = "local count = redis.call('INCR', KEYS[1]) "
            + "if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end "
            + "return {count, redis.call('TTL', KEYS[1])}";

    /** An event's place in its window (1 for the first), and how long the window has left. */
    public record Count(long place, Duration left) {
        /** Whether the event is past {@code limit} events of its window. */
        public boolean isPast(int limit) {
            return place > limit;
        }
    }

    private FixedWindowCounter() {
    }

    /** Counts one event on {@code key}, opening a window of {@code window} if none is open. */
    public static Count count(RedisClusterCommands<String, String> commands, String key, Duration window) {
        List<Long> placeAndTtl = commands.eval(COUNT, ScriptOutputType.MULTI, new String[] {key},
                Long.toString(window.toSeconds()));
        long ttl = placeAndTtl.get(1);
        return new Count(placeAndTtl.get(0), ttl > 0 ? Duration.ofSeconds(ttl) : window);
    }
}
