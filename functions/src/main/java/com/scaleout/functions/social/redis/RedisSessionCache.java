package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.application.SessionCache;
import com.scaleout.functions.social.domain.Session;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Sessions in Redis under {@code session:<id>} (userId, username and expiry, pipe-separated: ids and usernames
 * cannot contain a pipe) for at most an hour or the session's remaining life; revocation markers under
 * {@code revoked-session:<id>}. Without a configured Redis every call fails, and callers fall back.
 */
public final class RedisSessionCache implements SessionCache {
    private static final Duration MAX_CACHED = Duration.ofHours(1);

    private final Optional<RedisLink> redis;

    public RedisSessionCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private io.lettuce.core.cluster.api.sync.RedisClusterCommands<String, String> commands() {
        return RedisLink.required(redis).sync();
    }

    @Override
    public Optional<Session> get(String sessionId) {
        return parse(sessionId, commands().get("session:" + sessionId));
    }

    /**
     * Both reads in one pipeline (one write, one round trip) on every authorized request, not two blocking reads.
     * The cache's commands fail fast, each after the connection's command timeout.
     */
    @Override
    public State state(String sessionId) {
        var revoked = new AtomicReference<RedisFuture<Long>>();
        var cached = new AtomicReference<RedisFuture<String>>();
        Pipeline.run(RedisLink.required(redis), pipeline -> {
            revoked.set(pipeline.add(pipeline.commands().exists("revoked-session:" + sessionId)));
            cached.set(pipeline.add(pipeline.commands().get("session:" + sessionId)));
        });
        return new State(revoked.get().toCompletableFuture().join() > 0,
                parse(sessionId, cached.get().toCompletableFuture().join()));
    }

    private static Optional<Session> parse(String sessionId, String value) {
        if (value == null) {
            return Optional.empty();
        }
        String[] parts = value.split("\\|", -1);
        if (parts.length != 4) {
            return Optional.empty();
        }
        return Optional.of(new Session(sessionId, parts[0], parts[1], Instant.ofEpochSecond(Long.parseLong(parts[2])),
                Instant.ofEpochSecond(Long.parseLong(parts[3]))));
    }

    @Override
    public void put(Session session) {
        Duration remaining = Duration.between(Instant.now(), session.expiresAt());
        Duration ttl = remaining.compareTo(MAX_CACHED) < 0 ? remaining : MAX_CACHED;
        if (ttl.toSeconds() < 1) {
            return;
        }
        String value = String.join("|", session.userId(), session.username(),
                Long.toString(session.createdAt().getEpochSecond()), Long.toString(session.expiresAt().getEpochSecond()));
        commands().set("session:" + session.id(), value, SetArgs.Builder.ex(ttl.toSeconds()));
    }

    @Override
    public void evict(String sessionId) {
        commands().del("session:" + sessionId);
    }

    @Override
    public void markRevoked(String sessionId, Duration ttl) {
        commands().set("revoked-session:" + sessionId, "1", SetArgs.Builder.ex(Math.max(1, ttl.toSeconds())));
    }

    @Override
    public boolean isRevoked(String sessionId) {
        return commands().exists("revoked-session:" + sessionId) > 0;
    }
}
