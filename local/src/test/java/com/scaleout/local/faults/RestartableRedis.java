package com.scaleout.local.faults;

import com.scaleout.local.backends.Backends;
import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.Probes;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server of one test's own, on a fixed port, that the test can kill and start again: the shared one of the
 * other integration tests stays untouched. Started the way the runtime starts its own (no persistence), so a
 * restart comes back empty, as a restarted in-memory cache does.
 */
public final class RestartableRedis implements AutoCloseable {
    private final int port = Probes.freePort();
    private final Path logDirectory;
    private ManagedProcess server;
    private int starts;

    private RestartableRedis(Path logDirectory) {
        this.logDirectory = logDirectory;
    }

    public static RestartableRedis start(Path logDirectory) throws IOException {
        var redis = new RestartableRedis(logDirectory);
        redis.restart();
        return redis;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** SIGKILL, as a crash: no shutdown of its own, connections cut. Returns once the process is gone. */
    public void kill() throws InterruptedException {
        var process = ProcessHandle.of(server.pid()).orElseThrow();
        process.destroyForcibly();
        process.onExit().orTimeout(10, TimeUnit.SECONDS).join();
    }

    /** A new redis-server on the same port (a log file per start, to read what each one saw). */
    public void restart() throws IOException {
        starts++;
        server = Backends.startRedis(port, logDirectory.resolve("redis-server-" + starts + ".log"));
    }

    /** A connection of the test's own, to look at what the functions keep in this server. */
    public <T> T inspect(java.util.function.Function<RedisCommands<String, String>, T> query) {
        var client = RedisClient.create(url());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return query.apply(connection.sync());
        } finally {
            client.shutdown();
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
