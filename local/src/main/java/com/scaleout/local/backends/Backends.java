package com.scaleout.local.backends;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The DynamoDB (moto_server with the project's patches, {@link MotoServer}; it also serves DynamoDB Streams and S3)
 * and Redis endpoints the runtime uses: the ones given ({@code DYNAMODB_ENDPOINT}, {@code REDIS_URL}) or child
 * processes started on free loopback ports. Closing stops only the children it started.
 */
public final class Backends implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Backends.class.getName());
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final URI dynamoDbEndpoint;
    private final String redisUrl;
    private final List<ManagedProcess> children;
    private final DynamoDbGate gate;
    private final boolean patchedMoto;

    private Backends(URI dynamoDbEndpoint, String redisUrl, List<ManagedProcess> children, DynamoDbGate gate,
                     boolean patchedMoto) {
        this.dynamoDbEndpoint = dynamoDbEndpoint;
        this.redisUrl = redisUrl;
        this.children = List.copyOf(children);
        this.gate = gate;
        this.patchedMoto = patchedMoto;
    }

    public static Backends startOrConnect(Optional<String> dynamoDbEndpoint, Optional<String> redisUrl, Path dataDir)
            throws IOException {
        var children = new ArrayList<ManagedProcess>();
        try {
            URI dynamo;
            if (dynamoDbEndpoint.isPresent()) {
                dynamo = URI.create(dynamoDbEndpoint.get());
                LOG.info(() -> "using DynamoDB at " + dynamoDbEndpoint.get());
            } else {
                int port = Probes.freePort();
                dynamo = URI.create("http://127.0.0.1:" + port);
                children.add(MotoServer.start(MotoServer.Variant.PATCHED, port, dataDir));
            }
            String redis;
            if (redisUrl.isPresent()) {
                redis = redisUrl.get();
                LOG.info(() -> "using Redis at " + redisUrl.get());
            } else {
                int port = Probes.freePort();
                redis = "redis://127.0.0.1:" + port;
                children.add(startRedis(port, dataDir.resolve("logs/redis-server.log")));
            }
            // Functions reach DynamoDB through the gate, which gives moto DynamoDB's write isolation.
            var gate = DynamoDbGate.start(dynamo);
            boolean patched = dynamoDbEndpoint.isEmpty() || Probes.isPatchedMoto(dynamo);
            var backends = new Backends(gate.endpoint(), redis, children, gate, patched);
            if (!children.isEmpty()) {
                // whatever runs the runtime (up, a benchmark, a test JVM), SIGTERM must not leave children behind
                Runtime.getRuntime().addShutdownHook(new Thread(backends::stopChildren, "stop-backends"));
            }
            return backends;
        } catch (IOException | RuntimeException e) {
            children.forEach(ManagedProcess::close);
            throw e;
        }
    }

    /**
     * A redis-server on 127.0.0.1:{@code port}, as the runtime runs its own: a cache with no persistence, so nothing
     * is left behind and a restart starts empty (the soak restarts one this way).
     */
    public static ManagedProcess startRedis(int port, Path logFile) throws IOException {
        return ManagedProcess.start("redis-server",
                List.of("redis-server", "--bind", "127.0.0.1", "--port", String.valueOf(port),
                        "--save", "", "--appendonly", "no", "--protected-mode", "yes"),
                logFile, () -> Probes.redisAnswers("127.0.0.1", port), START_TIMEOUT);
    }

    /** Stops children still starting up: for a shutdown that comes during start-up. */
    public static void stopStarting() {
        ManagedProcess.stopStarting();
    }

    /** The endpoint functions use: the gate in front of moto_server (or of the given endpoint). */
    public URI dynamoDbEndpoint() {
        return dynamoDbEndpoint;
    }

    /**
     * Whether DynamoDB is moto with the project's patch layer, whose stream never shows a cancelled transaction's
     * records: then each stream record needs reading only once.
     */
    public boolean isPatchedMoto() {
        return patchedMoto;
    }

    public String redisUrl() {
        return redisUrl;
    }

    public List<ManagedProcess> children() {
        return children;
    }

    @Override
    public void close() {
        gate.close();
        stopChildren();
    }

    private void stopChildren() {
        children.reversed().forEach(ManagedProcess::close);
    }
}
