package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisConnection;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Many commands in one write on the shared connection: auto-flush off, queue, flush, await every reply. The
 * fanout of a tweet to thousands of timelines is then a few network writes instead of a round trip each. Commands
 * go out in chunks whose replies are awaited before the next chunk: each command's timeout runs from when it is
 * queued, so a hundred thousand queued at once would time out waiting behind each other.
 */
final class Pipeline {
    /**
     * Commands in flight at most: a chunk's replies must arrive within the 500 ms command timeout even on a busy
     * machine. 10,000 did not always (a loaded 2-core host took longer), nor did 2,000 on the three-node TLS cluster
     * (RedisClusterCachesIT's 100,000-timeline fanout timed out twice in three CI runs on 2026-12-03); 500 costs a
     * round trip per 500 commands.
     */
    private static final int CHUNK = 500;
    private static final Duration AWAIT = Duration.ofSeconds(30);

    private final StatefulConnection<String, String> connection;
    private final RedisClusterAsyncCommands<String, String> commands;
    private final List<RedisFuture<?>> pending = new ArrayList<>();

    private Pipeline(RedisConnection link) {
        this.connection = link.connection();
        this.commands = link.async();
    }

    /** Runs {@code work}'s commands as one pipeline; on a cluster, each node's share goes out in its own writes. */
    static void run(RedisConnection link, Consumer<Pipeline> work) {
        var connection = link.connection();
        synchronized (connection) {
            var pipeline = new Pipeline(link);
            connection.setAutoFlushCommands(false);
            try {
                work.accept(pipeline);
                connection.flushCommands();
                pipeline.awaitAll();
            } finally {
                connection.setAutoFlushCommands(true);
            }
        }
    }

    RedisClusterAsyncCommands<String, String> commands() {
        return commands;
    }

    /** Queues a command's reply to wait for; every {@link #CHUNK} commands, sends them and awaits the replies. */
    <T> RedisFuture<T> add(RedisFuture<T> future) {
        pending.add(future);
        if (pending.size() == CHUNK) {
            connection.flushCommands();
            awaitAll();
        }
        return future;
    }

    private void awaitAll() {
        if (!LettuceFutures.awaitAll(AWAIT, pending.toArray(new RedisFuture<?>[0]))) {
            throw new IllegalStateException("Redis pipeline of " + pending.size() + " commands timed out");
        }
        for (RedisFuture<?> future : pending) {
            if (future.getError() != null) {
                throw new IllegalStateException("Redis command failed: " + future.getError());
            }
        }
        pending.clear();
    }
}
