package com.scaleout.functions.shared.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode.NodeFlag;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.DefaultClientResources;
import java.time.Duration;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * One Lettuce client and one shared, thread-safe connection per execution environment (no pool: Lettuce
 * multiplexes). Connects on first use, not at construction, so that a cache outage never stops a function from
 * starting: callers treat Redis as a cache and fall back when {@link #get()} fails. Timeouts are short
 * (Lettuce's default is 60 s). A cluster endpoint gets Lettuce's cluster client, which routes each command to
 * the node owning its key's slot and follows the topology when the cache scales or fails over.
 */
public final class RedisLink implements AutoCloseable {
    /** Lettuce's switch for its JFR events (read once, when its event recorder is first used). */
    static final String JFR_PROPERTY = "io.lettuce.core.jfr";
    public static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);

    static {
        // Lettuce records a Java Flight Recorder event for every connection event when JFR is present: nobody
        // records a function's JFR events, and loading JFR cost a cold start ~100 classes at its first connect.
        if (System.getProperty(JFR_PROPERTY) == null) {
            System.setProperty(JFR_PROPERTY, "false");
        }
    }

    /**
     * Event loops and timers, shared by every client in the process. In Lambda that is one client anyway; the local
     * runtime runs many execution environments in one JVM, which must not each start their own threads.
     */
    private static final ClientResources RESOURCES = DefaultClientResources.builder()
            .eventBus(new SilentEventBus())
            // command latency metrics: nobody reads them (Lettuce turns them off anyway without LatencyUtils)
            .commandLatencyRecorder(CommandLatencyRecorder.disabled())
            .build();
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);
    /**
     * From TCP connect to a connection ready for commands: the TLS handshake and HELLO (and, for a cluster, reading
     * its topology). A cold JVM's first TLS handshake alone can take longer than a command may; commands keep
     * their 500 ms through {@link TimeoutOptions}.
     */
    private static final Duration SETUP_TIMEOUT = Duration.ofSeconds(2);
    /** A cluster's topology is re-read this often even when nothing hints at a change. */
    private static final Duration TOPOLOGY_REFRESH = Duration.ofMinutes(1);

    private final AbstractRedisClient client;
    private final Supplier<RedisConnection> connector;
    private volatile RedisConnection connection;

    public RedisLink(String redisUrl) {
        this(RedisEndpoint.standalone(redisUrl));
    }

    public RedisLink(RedisEndpoint endpoint) {
        RedisURI uri = RedisURI.create(endpoint.url());
        uri.setTimeout(SETUP_TIMEOUT);
        if (endpoint.cluster()) {
            var cluster = RedisClusterClient.create(RESOURCES, uri);
            var options = ClusterClientOptions.builder()
                    .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                            // MOVED/ASK redirects, reconnects and unknown nodes trigger a re-read at once
                            .enableAllAdaptiveRefreshTriggers()
                            .enablePeriodicRefresh(TOPOLOGY_REFRESH)
                            .build())
                    // a node the cluster reports failed or without an address is not routed to
                    .nodeFilter(node -> !(node.is(NodeFlag.FAIL) || node.is(NodeFlag.EVENTUAL_FAIL)
                            || node.is(NodeFlag.NOADDR)))
                    // The cluster client opens a node's connection when a command first goes there; rejecting
                    // commands while disconnected would reject those first commands too. Queued ones still fail
                    // after the command timeout when a node stays unreachable.
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.ACCEPT_COMMANDS);
            cluster.setOptions(common(options, endpoint).build());
            this.client = cluster;
            this.connector = () -> {
                var connected = cluster.connect();
                // Open every primary's connection now, inside the set-up timeout: opened by the first command
                // bound for a node, the TLS handshake would eat into the 500 ms of the commands queued behind it.
                for (var node : connected.getPartitions()) {
                    if (node.is(NodeFlag.UPSTREAM)) {
                        connected.getConnection(node.getNodeId());
                    }
                }
                return new RedisConnection(connected, connected.sync(), connected.async());
            };
        } else {
            var standalone = RedisClient.create(RESOURCES, uri);
            standalone.setOptions(common(ClientOptions.builder(), endpoint)
                    // Fail commands at once while disconnected instead of queueing them until the cache returns.
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .build());
            this.client = standalone;
            this.connector = () -> {
                var connected = standalone.connect();
                return new RedisConnection(connected, connected.sync(), connected.async());
            };
        }
        addCommandListeners(client);
    }

    /**
     * Command listeners found on the classpath ({@link ServiceLoader}): the Lambda artifact has none; the local runtime
     * registers one that meters each invocation's commands and round trips, for the cost of each request.
     */
    private static void addCommandListeners(AbstractRedisClient client) {
        ServiceLoader.load(CommandListener.class, RedisLink.class.getClassLoader()).forEach(client::addListener);
    }

    private static <B extends ClientOptions.Builder> B common(B options, RedisEndpoint endpoint) {
        options.socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT));
        endpoint.trustedCertificates().ifPresent(certificates -> options.sslOptions(SslOptions.builder()
                .jdkSslProvider()
                .trustManager(certificates.toFile())
                .build()));
        return options;
    }

    /** The connection for {@code REDIS_URL} (and {@code REDIS_CLUSTER}), or empty when none is configured. */
    public static Optional<RedisLink> fromEnvironment() {
        return RedisEndpoint.fromEnvironment().map(RedisLink::new);
    }

    /**
     * The shared connection of a configured cache; throws (as an unreachable cache does) when none is configured,
     * so callers treat both alike: as a cache that is down.
     */
    public static RedisConnection required(Optional<RedisLink> redis) {
        return redis.orElseThrow(() -> new IllegalStateException("REDIS_URL is not configured")).get();
    }

    /** The shared connection, opened on first use; throws if Redis cannot be reached. */
    public RedisConnection get() {
        var current = connection;
        if (current != null && current.isOpen()) {
            return current;
        }
        synchronized (this) {
            if (connection == null || !connection.isOpen()) {
                if (connection != null) {
                    connection.connection().closeAsync();
                }
                connection = connector.get();
            }
            return connection;
        }
    }

    /**
     * SnapStart's checkpoint: closes the shared connection (a socket in the snapshot would be dead, or worse shared,
     * in every environment restored from it). The client stays; {@link #get()} opens a new connection when next
     * asked.
     */
    public synchronized void closeForCheckpoint() {
        if (connection != null) {
            connection.connection().close();
            connection = null;
        }
    }

    /**
     * After a SnapStart restore: opens the connection now, so that the first request does not pay for it. Best
     * effort: a cache that does not answer now is left to {@link #get()}, which tries again on first use.
     *
     * @return whether the connection is open
     */
    public boolean reconnect() {
        try {
            get();
            return true;
        } catch (RuntimeException unreachable) {
            return false;
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.connection().close();
        }
        client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
    }
}
