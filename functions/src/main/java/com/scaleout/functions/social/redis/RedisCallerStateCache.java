package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.CallerStateCache;
import com.scaleout.functions.social.domain.ActedTweets;
import io.lettuce.core.ExpireArgs;
import io.lettuce.core.KeyValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One hash per user, {@code acts:{userId}}: a field {@code r:<tweetId>} per retweet and {@code l:<tweetId>} per like,
 * and once built from DynamoDB the marker field {@value #BUILT}, whose value holds the floors
 * ({@code <retweet floor>|<like floor>}, each empty when that kind is complete). A hash without the marker (never
 * built, flushed, evicted, or recreated by a write since) is missing. A page's question is one HMGET: the marker and
 * its tweets' fields. The copy expires {@link CallerStateCache#TTL} after it was built; a write never extends that.
 */
public final class RedisCallerStateCache implements CallerStateCache {
    static final String BUILT = "!";
    private static final String RETWEET = "r:";
    private static final String LIKE = "l:";
    private static final String ACTED = "1";
    private static final String FLOORS = "|";
    /** Fields per HSET of a rebuild. */
    private static final int CHUNK = 500;

    private final Optional<RedisLink> redis;

    public RedisCallerStateCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String key(String userId) {
        return "acts:{" + userId + "}";
    }

    @Override
    public Optional<UserActs> read(String userId, List<String> tweetIds) {
        var fields = new ArrayList<String>(1 + 2 * tweetIds.size());
        fields.add(BUILT);
        for (String id : tweetIds) {
            fields.add(RETWEET + id);
            fields.add(LIKE + id);
        }
        List<KeyValue<String, String>> values = connection().sync().hmget(key(userId), fields.toArray(String[]::new));
        if (!values.getFirst().hasValue()) {
            return Optional.empty();
        }
        String[] floors = values.getFirst().getValue().split("\\" + FLOORS, -1);
        Set<String> retweeted = new HashSet<>();
        Set<String> liked = new HashSet<>();
        for (int i = 0; i < tweetIds.size(); i++) {
            if (values.get(1 + 2 * i).hasValue()) {
                retweeted.add(tweetIds.get(i));
            }
            if (values.get(2 + 2 * i).hasValue()) {
                liked.add(tweetIds.get(i));
            }
        }
        return Optional.of(new UserActs(new ActedTweets(retweeted, floor(floors, 0)),
                new ActedTweets(liked, floor(floors, 1))));
    }

    private static Optional<String> floor(String[] floors, int kind) {
        return kind < floors.length && !floors[kind].isEmpty() ? Optional.of(floors[kind]) : Optional.empty();
    }

    /**
     * The snapshot's fields on top of what writes added since the copy went missing (those are newer, not wrong),
     * then the marker, so a reader never takes a half-written copy for a built one, then the expiry.
     */
    @Override
    public void replace(String userId, UserActs snapshot) {
        String key = key(userId);
        var fields = new ArrayList<String>();
        snapshot.retweeted().tweetIds().forEach(id -> fields.add(RETWEET + id));
        snapshot.liked().tweetIds().forEach(id -> fields.add(LIKE + id));
        String floors = snapshot.retweeted().floor().orElse("") + FLOORS + snapshot.liked().floor().orElse("");
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            for (int from = 0; from < fields.size(); from += CHUNK) {
                Map<String, String> chunk = new HashMap<>();
                fields.subList(from, Math.min(fields.size(), from + CHUNK)).forEach(f -> chunk.put(f, ACTED));
                pipeline.add(commands.hset(key, chunk));
            }
            pipeline.add(commands.hset(key, BUILT, floors));
            pipeline.add(commands.expire(key, TTL)); // the same write as the marker: both run, in this order
        });
    }

    @Override
    public void retweeted(String userId, String tweetId, boolean now) {
        record(userId, RETWEET + tweetId, now);
    }

    @Override
    public void liked(String userId, String tweetId, boolean now) {
        record(userId, LIKE + tweetId, now);
    }

    /**
     * Adds or removes the field. An add to a missing copy creates a hash without the marker, still missing, which
     * expires like a built one ({@code EXPIRE NX}: only a key without an expiry gets one, so no write extends it).
     */
    private void record(String userId, String field, boolean now) {
        String key = key(userId);
        if (!now) {
            connection().sync().hdel(key, field);
            return;
        }
        Pipeline.run(connection(), pipeline -> {
            pipeline.add(pipeline.commands().hset(key, field, ACTED));
            pipeline.add(pipeline.commands().expire(key, TTL, ExpireArgs.Builder.nx()));
        });
    }
}
