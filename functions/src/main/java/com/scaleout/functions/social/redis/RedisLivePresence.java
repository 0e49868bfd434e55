package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.LivePresence;
import com.scaleout.functions.social.domain.LiveStream;
import com.scaleout.functions.social.domain.LiveSubscription;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Per stream key the hash {@code {live}:listeners:<key>} (field {@code <connection id> <stream>}, value
 * {@code <expires at, epoch s> <user id>}), the set {@value #HOME} (the users with a home subscription), changed
 * together by one script, and {@value #BUILT}, the time presence was last rebuilt from the store: Redis without it
 * has lost presence (or never had it), and the pushers read the store until a rebuild puts it back. Every key carries
 * the hash tag {@code {live}}, so a cluster keeps them on one node, where a script may touch two. A pusher's read is
 * one pipeline: the marker and each candidate key's hash.
 */
public final class RedisLivePresence implements LivePresence {
    static final String LISTENERS = "{live}:listeners:";
    static final String HOME = "{live}:home";
    static final String BUILT = "{live}:built";
    static final String REBUILDING = "{live}:rebuilding";
    /**
     * How old a rebuild may get before the next one: a subscription whose presence write failed (Redis unreachable
     * for a moment) is pushed to again at most this long after.
     */
    static final Duration REBUILD_EVERY = Duration.ofMinutes(10);
    /** How long one rebuild keeps others from starting, at most (a pusher that dies while rebuilding lets go then). */
    static final Duration REBUILD_LEASE = Duration.ofMinutes(5);
    /** Subscriptions written per pipeline while rebuilding. */
    private static final int REBUILD_CHUNK = 500;
    private static final String ADD = "redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) "
            + "if ARGV[3] ~= '' then redis.call('SADD', KEYS[2], ARGV[3]) end return 1";
    private static final String REMOVE = "redis.call('HDEL', KEYS[1], ARGV[1]) "
            + "if ARGV[2] ~= '' and redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[2]) end "
            + "return 1";

    private final Optional<RedisLink> redis;
    private final Clock clock;

    public RedisLivePresence(Optional<RedisLink> redis) {
        this(redis, Clock.systemUTC());
    }

    public RedisLivePresence(Optional<RedisLink> redis, Clock clock) {
        this.redis = redis;
        this.clock = clock;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    @Override
    public void add(LiveSubscription subscription) {
        connection().sync().eval(ADD, ScriptOutputType.INTEGER, new String[] {LISTENERS + subscription.listensTo(),
                HOME}, field(subscription), value(subscription), homeUser(subscription));
    }

    @Override
    public void remove(LiveSubscription subscription) {
        connection().sync().eval(REMOVE, ScriptOutputType.INTEGER, new String[] {LISTENERS + subscription.listensTo(),
                HOME}, field(subscription), homeUser(subscription));
    }

    @Override
    public Optional<Map<String, List<LiveSubscription>>> listeners(Collection<String> keys) {
        var ordered = List.copyOf(new LinkedHashSet<>(keys));
        var replies = new ArrayList<RedisFuture<Map<String, String>>>();
        var built = new ArrayList<RedisFuture<String>>(1);
        Pipeline.run(connection(), pipeline -> {
            built.add(pipeline.add(pipeline.commands().get(BUILT)));
            ordered.forEach(key -> replies.add(pipeline.add(pipeline.commands().hgetall(LISTENERS + key))));
        });
        if (built.getFirst().toCompletableFuture().join() == null) {
            return Optional.empty();
        }
        long now = clock.instant().getEpochSecond();
        var listeners = new LinkedHashMap<String, List<LiveSubscription>>();
        for (int i = 0; i < ordered.size(); i++) {
            String key = ordered.get(i);
            var subscriptions = new ArrayList<LiveSubscription>();
            replies.get(i).toCompletableFuture().join().forEach((field, value) -> parse(key, field, value)
                    .filter(subscription -> subscription.expiresAt().getEpochSecond() > now)
                    .ifPresent(subscriptions::add));
            if (!subscriptions.isEmpty()) {
                listeners.put(key, subscriptions);
            }
        }
        return Optional.of(listeners);
    }

    @Override
    public Optional<Set<String>> homeListenersAmong(Collection<String> userIds) {
        var sync = connection().sync();
        if (sync.get(BUILT) == null) {
            return Optional.empty();
        }
        return Optional.of(SetMembers.among(sync, HOME, userIds));
    }

    /** SCARD, then SMEMBERS only when the set is small enough; the marker read in the same pipeline. */
    @Override
    public Optional<Set<String>> homeListeners(long atMost) {
        var built = new ArrayList<RedisFuture<String>>(1);
        var size = new ArrayList<RedisFuture<Long>>(1);
        Pipeline.run(connection(), pipeline -> {
            built.add(pipeline.add(pipeline.commands().get(BUILT)));
            size.add(pipeline.add(pipeline.commands().scard(HOME)));
        });
        if (built.getFirst().toCompletableFuture().join() == null
                || size.getFirst().toCompletableFuture().join() > atMost) {
            return Optional.empty();
        }
        return Optional.of(connection().sync().smembers(HOME));
    }

    @Override
    public boolean needsRebuild() {
        String built = connection().sync().get(BUILT);
        return built == null || Instant.ofEpochMilli(Long.parseLong(built)).plus(REBUILD_EVERY)
                .isBefore(clock.instant());
    }

    @Override
    public boolean rebuild(Iterable<LiveSubscription> everySubscription) {
        var sync = connection().sync();
        String lease = Long.toString(clock.millis());
        if (!"OK".equals(sync.set(REBUILDING, lease, SetArgs.Builder.nx().ex(REBUILD_LEASE.toSeconds())))) {
            return false;
        }
        try {
            Instant started = clock.instant(); // what was added after this is in Redis already
            Iterator<LiveSubscription> all = everySubscription.iterator();
            while (all.hasNext()) {
                var chunk = new ArrayList<LiveSubscription>(REBUILD_CHUNK);
                while (all.hasNext() && chunk.size() < REBUILD_CHUNK) {
                    chunk.add(all.next());
                }
                Pipeline.run(connection(), pipeline -> chunk.forEach(subscription -> {
                    pipeline.add(pipeline.commands().hset(LISTENERS + subscription.listensTo(), field(subscription),
                            value(subscription)));
                    String user = homeUser(subscription);
                    if (!user.isEmpty()) {
                        pipeline.add(pipeline.commands().sadd(HOME, user));
                    }
                }));
            }
            sync.set(BUILT, Long.toString(started.toEpochMilli()));
            return true;
        } finally {
            sync.del(REBUILDING);
        }
    }

    private static String field(LiveSubscription subscription) {
        return subscription.connectionId() + " " + subscription.stream();
    }

    private static String value(LiveSubscription subscription) {
        return subscription.expiresAt().getEpochSecond() + " " + subscription.userId().orElse("");
    }

    private static String homeUser(LiveSubscription subscription) {
        return LiveStream.homeUserOf(subscription.listensTo()).orElse("");
    }

    /** The subscription a hash entry stands for; none when the entry is not one this class wrote. */
    private static Optional<LiveSubscription> parse(String key, String field, String value) {
        int fieldSpace = field.indexOf(' ');
        int valueSpace = value.indexOf(' ');
        if (fieldSpace < 1 || valueSpace < 1) {
            return Optional.empty();
        }
        try {
            String stream = field.substring(fieldSpace + 1);
            String user = value.substring(valueSpace + 1);
            return Optional.of(new LiveSubscription(field.substring(0, fieldSpace), stream, key,
                    user.isEmpty() ? Optional.empty() : Optional.of(user), Optional.empty(),
                    LiveStream.parse(stream).terms(),
                    Instant.ofEpochSecond(Long.parseLong(value.substring(0, valueSpace)))));
        } catch (RuntimeException notOurs) {
            return Optional.empty();
        }
    }
}
