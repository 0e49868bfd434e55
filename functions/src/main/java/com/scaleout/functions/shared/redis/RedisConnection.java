package com.scaleout.functions.shared.redis;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.time.Duration;
import java.util.Optional;

/**
 * One Lettuce client and one shared, thread-safe connection per execution environment (no pool: Lettuce
 * multiplexes). Connects on first use, not at construction, so that a cache outage never stops a function from
 * starting: callers treat Redis as a cache and fall back when {@link #get()} fails. Timeouts are short
 * (Lettuce's default is 60 s).
 */
public final class RedisConnection implements AutoCloseable {
    public static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);
    /**
     * Event loops and timers, shared by every client in the process. In Lambda that is one client anyway; the local
     * runtime runs many execution environments in one JVM, which must not each start their own threads.
     */
    private static final ClientResources RESOURCES = DefaultClientResources.create();
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);

    private final RedisClient client;
    private volatile StatefulRedisConnection<String, String> connection;

    public RedisConnection(String redisUrl) {
        RedisURI uri = RedisURI.create(redisUrl);
        uri.setTimeout(COMMAND_TIMEOUT);
        this.client = RedisClient.create(RESOURCES, uri);
        client.setOptions(ClientOptions.builder()
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                // Fail commands fast while disconnected instead of queueing them until the cache returns.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .build());
    }

    /** The connection for {@code REDIS_URL}, or empty when none is configured. */
    public static Optional<RedisConnection> fromEnvironment() {
        return RuntimeEnvironment.variable(RuntimeEnvironment.REDIS_URL).map(RedisConnection::new);
    }

    /**
     * The shared connection of a configured cache; throws (as an unreachable cache does) when none is configured,
     * so callers treat both alike: as a cache that is down.
     */
    public static StatefulRedisConnection<String, String> required(Optional<RedisConnection> redis) {
        return redis.orElseThrow(() -> new IllegalStateException("REDIS_URL is not configured")).get();
    }

    /** The shared connection, opened on first use; throws if Redis cannot be reached. */
    public StatefulRedisConnection<String, String> get() {
        var current = connection;
        if (current != null && current.isOpen()) {
            return current;
        }
        synchronized (this) {
            if (connection == null || !connection.isOpen()) {
                if (connection != null) {
                    connection.closeAsync();
                }
                connection = client.connect();
            }
            return connection;
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
    }
}
