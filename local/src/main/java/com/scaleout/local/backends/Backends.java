package com.scaleout.local.backends;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
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
 *
 * <p>A moto it starts itself is two processes, one for {@link ScaleoutDeclaration#TABLES_APART} and one for everything
 * else (moto uses one core: the seed's index writes no longer queue behind its other writes); {@code SCALEOUT_MOTO_PROCESSES}
 * {@code =1} starts one, to measure the difference.
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
        com.scaleout.local.LocalLogging.configure(); // a test's backends start before its runtime: log as it does
        var children = new ArrayList<ManagedProcess>();
        try {
            URI dynamo;
            URI apart = null;
            if (dynamoDbEndpoint.isPresent()) {
                dynamo = URI.create(dynamoDbEndpoint.get());
                LOG.info(() -> "using DynamoDB at " + dynamoDbEndpoint.get());
            } else {
                int port = Probes.freePort();
                dynamo = URI.create("http://127.0.0.1:" + port);
                children.add(MotoServer.start(MotoServer.Variant.PATCHED, port, dataDir));
                if (motoProcesses() == 2) {
                    int apartPort = Probes.freePort();
                    apart = URI.create("http://127.0.0.1:" + apartPort);
                    children.add(MotoServer.start(MotoServer.Variant.PATCHED, apartPort, dataDir, "moto_server-apart"));
                }
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
            // Functions reach DynamoDB through the gate, which sheds load as DynamoDB throttles; a moto without the
            // patch layer, which does not isolate requests, gets them one at a time
            boolean patched = dynamoDbEndpoint.isEmpty() || Probes.isPatchedMoto(dynamo);
            var gate = apart == null ? DynamoDbGate.start(dynamo, patched)
                    : DynamoDbGate.start(dynamo, apart, ScaleoutDeclaration.TABLES_APART);
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

    private static int motoProcesses() {
        String processes = RuntimeEnvironment.variable(LocalSettings.MOTO_PROCESSES).orElseThrow().trim();
        if (!processes.equals("1") && !processes.equals("2")) {
            throw new IllegalArgumentException(LocalSettings.MOTO_PROCESSES.name() + " must be 1 or 2, was " + processes);
        }
        return Integer.parseInt(processes);
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

    /** The fault of DynamoDB and S3 answers lost after their write was applied (see {@link LostAnswers}). */
    public LostAnswers lostAnswers() {
        return gate.lostAnswers();
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
