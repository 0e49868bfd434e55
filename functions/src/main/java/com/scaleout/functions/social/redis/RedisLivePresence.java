package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.LivePresence;
import com.scaleout.functions.social.domain.LiveStream;
import io.lettuce.core.KeyValue;
import io.lettuce.core.ScriptOutputType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The hash {@value #LISTENING} (stream key → how many subscriptions listen to it) and the set {@value #HOME} (the users
 * with a home subscription), changed together by one script: a count that reaches 0 leaves the hash, and a home key's
 * user leaves the set with it. Both keys carry the hash tag {@code {live}}, so a cluster keeps them on one node,
 * where a script may touch both. Reads are single-key: HMGET of the candidate keys, SMISMEMBER of the followers.
 */
public final class RedisLivePresence implements LivePresence {
    static final String LISTENING = "{live}:listening";
    static final String HOME = "{live}:home";
    /** Members asked about per SMISMEMBER: a celebrity's followers go in several round trips, not one huge reply. */
    private static final int CHUNK = 1000;
    private static final String ADJUST = "local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2]) "
            + "if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) "
            + "if ARGV[3] ~= '' then redis.call('SREM', KEYS[2], ARGV[3]) end "
            + "elseif ARGV[3] ~= '' then redis.call('SADD', KEYS[2], ARGV[3]) end "
            + "return n";

    private final Optional<RedisLink> redis;

    public RedisLivePresence(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    @Override
    public void adjust(String key, int delta) {
        connection().sync().eval(ADJUST, ScriptOutputType.INTEGER, new String[] {LISTENING, HOME}, key,
                Integer.toString(delta), LiveStream.homeUserOf(key).orElse(""));
    }

    @Override
    public Set<String> listened(Collection<String> keys) {
        if (keys.isEmpty()) {
            return Set.of();
        }
        var listened = new HashSet<String>();
        for (KeyValue<String, String> count : connection().sync().hmget(LISTENING, keys.toArray(String[]::new))) {
            if (count.hasValue() && Long.parseLong(count.getValue()) > 0) {
                listened.add(count.getKey());
            }
        }
        return listened;
    }

    @Override
    public Set<String> homeListenersAmong(Collection<String> userIds) {
        var ids = new ArrayList<>(userIds);
        var listening = new HashSet<String>();
        var sync = connection().sync();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            List<Boolean> member = sync.smismember(HOME, chunk.toArray(String[]::new));
            for (int i = 0; i < chunk.size(); i++) {
                if (Boolean.TRUE.equals(member.get(i))) {
                    listening.add(chunk.get(i));
                }
            }
        }
        return listening;
    }
}
