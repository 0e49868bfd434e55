package com.scaleout.functions.shared.snapstart;

import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.redis.RedisLink;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;

/**
 * A handler's SnapStart hooks. Before the snapshot, {@code warmUp} runs the handler's own code on harmless
 * synthetic requests (reads of keys that cannot exist, requests refused before any write), so that the classes of
 * the SDK, Jackson, Lettuce and the handler path are loaded, initialized and partly compiled in the snapshot
 * instead of on the first request after each restore. Then the Redis connection is closed: nothing unique (a
 * socket, a session, a token, a cached user) may be in a snapshot that many environments resume from. After the
 * restore the connection is opened again, best effort.
 *
 * <p>Priming never writes data and never fails the checkpoint: a warm-up that fails (a backend unreachable while
 * the version is published) is logged once and the snapshot is taken cold.
 *
 * <p>The DynamoDB and S3 sockets (URLConnection) the warm-up leaves in the JDK's keep-alive cache need nothing:
 * the cache hands out an idle socket only if it has been idle less than its keep-alive time (5 s unless the server
 * says otherwise) by the wall clock, and a restore comes minutes after the checkpoint at the earliest, so the stale
 * sockets are skipped and closed, and the first call opens a new connection. Were one reused anyway, the failed
 * write on it is an {@code IOException}, which HttpURLConnection retries once for a reused connection and the SDK's
 * retry policy retries again.
 *
 * <p>The handler must keep the returned object in a field: CRaC contexts (Lambda's included) hold resources
 * weakly, and a resource nothing else references would be collected before the checkpoint.
 */
public final class Priming implements Resource {
    private static final Logger LOG = Logger.getLogger(Priming.class.getName());

    private final String function;
    private final Optional<RedisLink> redis;
    private final Runnable warmUp;

    private Priming(String function, Optional<RedisLink> redis, Runnable warmUp) {
        this.function = function;
        this.redis = redis;
        this.warmUp = warmUp;
    }

    /**
     * The hooks of {@code handler}, registered with the global CRaC context (where no CRaC implementation exists,
     * as outside Lambda, registering does nothing and tests call the hooks themselves).
     *
     * @param redis  the handler's cache connection, closed before the snapshot and reopened after the restore
     * @param warmUp the handler's harmless requests
     */
    public static Priming register(Class<?> handler, Optional<RedisLink> redis, Runnable warmUp) {
        var priming = new Priming(handler.getSimpleName(), redis, warmUp);
        Core.getGlobalContext().register(priming);
        return priming;
    }

    /** Whether priming closes and reopens a cache connection: a function declared without the cache holds none. */
    public boolean holdsCacheConnection() {
        return redis.isPresent();
    }

    /** Serializes each value with the API's mapper: its serializers are built before the snapshot. */
    public static void serialize(Object... responses) {
        for (Object response : responses) {
            Json.write(response);
        }
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        long started = System.nanoTime();
        try {
            warmUp.run();
            LOG.info(() -> function + " primed in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, function + ": priming failed; the snapshot is taken without it", e);
        }
        redis.ifPresent(Priming::primeCacheConnection);
        redis.ifPresent(RedisLink::closeForCheckpoint);
    }

    /**
     * A warm-up that never reached the cache (a stream consumer's batch that changes nothing) leaves Lettuce's connect
     * and command path cold, and the restore hook's reconnect would load it on the way to the first request: one
     * PING loads it into the snapshot.
     */
    private static void primeCacheConnection(RedisLink connection) {
        try {
            connection.get().sync().ping();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the cache did not answer while priming; its connection is left to the restore", e);
        }
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        redis.ifPresent(connection -> {
            if (!connection.reconnect()) {
                LOG.info(() -> function + ": Redis not reachable after the restore; the first use connects");
            }
        });
    }
}
