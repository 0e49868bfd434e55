package com.scaleout.local.testing;

import com.scaleout.local.backends.Backends;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One moto_server and one redis-server for the whole integration-test JVM (starting moto takes seconds), emptied
 * between test classes: moto's reset API and Redis FLUSHALL. With {@code -Dscaleout.backends=localstack} (the
 * Maven profile {@code localstack}), LocalStack in a container takes moto's place, emptied by deleting its tables
 * and buckets; without a Docker engine the tests are skipped, saying so.
 */
public final class SharedBackends {
    private static Backends backends;
    private static final List<Runnable> BEFORE_RESET = new CopyOnWriteArrayList<>();

    private SharedBackends() {
    }

    public static synchronized Backends get() throws IOException {
        if (backends == null) {
            Optional<String> dynamoDb = onLocalStack() ? Optional.of(LocalStack.endpoint()) : Optional.empty();
            backends = Backends.startOrConnect(dynamoDb, Optional.empty(), dataDir());
            Runtime.getRuntime().addShutdownHook(new Thread(backends::close, "stop-test-backends"));
        }
        return backends;
    }

    static boolean onLocalStack() {
        return "localstack".equals(System.getProperty("scaleout.backends"));
    }

    public static Path dataDir() {
        return Path.of(System.getProperty("scaleout.dataDir", "target/it-data"));
    }

    /** Runs before every {@link #reset}: what lives on the backends (a shared stack) stops before they are emptied. */
    static void beforeEveryReset(Runnable action) {
        BEFORE_RESET.add(action);
    }

    /** Empties moto (every table and stream) and Redis. */
    public static void reset() throws IOException, InterruptedException {
        BEFORE_RESET.forEach(Runnable::run);
        var b = get();
        if (onLocalStack()) {
            LocalStack.empty(b.dynamoDbEndpoint());
            flushRedis();
            return;
        }
        var request = HttpRequest.newBuilder(b.dynamoDbEndpoint().resolve("/moto-api/reset"))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        var response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() != 200) {
            throw new IOException("moto reset answered " + response.statusCode());
        }
        flushRedis();
    }

    private static io.lettuce.core.api.StatefulRedisConnection<String, String> inspector;

    /** Redis commands for tests that look at what the functions keep there. */
    public static synchronized io.lettuce.core.api.sync.RedisCommands<String, String> redis() throws IOException {
        if (inspector == null) {
            inspector = io.lettuce.core.RedisClient.create(get().redisUrl()).connect();
        }
        return inspector.sync();
    }

    /** {@link #redis()} for places that cannot throw (lambdas, assertions). */
    public static io.lettuce.core.api.sync.RedisCommands<String, String> redisQuietly() {
        try {
            return redis();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Empties Redis: every cache is gone, as after a restart of the cache. */
    public static void flushRedis() throws IOException {
        URI redis = URI.create(get().redisUrl());
        try (var socket = new Socket(redis.getHost(), redis.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write("FLUSHALL\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(socket.getInputStream().readNBytes(5), StandardCharsets.US_ASCII);
            if (!answer.equals("+OK\r\n")) {
                throw new IOException("FLUSHALL answered " + answer);
            }
        }
    }
}
