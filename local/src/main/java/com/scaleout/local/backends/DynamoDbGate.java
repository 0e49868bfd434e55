package com.scaleout.local.backends;

import com.scaleout.functions.shared.aws.DynamoDbClients;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * A pass-through in front of moto_server that gives it the isolation DynamoDB has. moto serves requests on
 * concurrent threads without isolating writes: a write mutates items in place while a read may be serializing them,
 * and a transaction's condition checks and writes interleave with other requests. (Measured before the patch layer:
 * 50 concurrent follow/unfollow transactions left a follower count that did not match the edges.) The gate lets reads
 * run together but runs each write request alone, so every transaction and conditional write sees and leaves a
 * consistent table, as on DynamoDB.
 *
 * <p>It sheds load as DynamoDB does instead of queueing without end ({@link PhaseFairLock}): a read waits for at most
 * the write in progress, a request waits at most {@link #MAX_WAIT} (the functions' SDK attempt timeout: after that
 * its caller has given up and retried, so forwarding it would be work for no one), and at most {@link #MAX_WAITING}
 * requests wait at all. A request refused either way is answered at once with DynamoDB's throttling error (S3's
 * SlowDown for S3), which the SDK backs off and retries.
 */
public final class DynamoDbGate implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DynamoDbGate.class.getName());
    private static final Set<String> READS = Set.of("GetItem", "BatchGetItem", "Query", "Scan", "DescribeTable",
            "ListTables", "DescribeTimeToLive", "DescribeStream", "GetShardIterator", "GetRecords", "ListStreams",
            "TransactGetItems", "DescribeContinuousBackups", "ListTagsOfResource");
    static final Duration MAX_WAIT = DynamoDbClients.ATTEMPT_TIMEOUT;
    static final int MAX_WAITING = 128;
    private static final Duration QUIET_LOGGING = Duration.ofSeconds(10);

    private final URI target;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient client = HttpClient.newBuilder().executor(executor)
            .connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
    private final PhaseFairLock lock;
    private final Duration maxWait;
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong forwardFailures = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong();

    private DynamoDbGate(URI target, int maxWaiting, Duration maxWait) throws IOException {
        this.target = target;
        this.lock = new PhaseFairLock(maxWaiting);
        this.maxWait = maxWait;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.createContext("/", this::forward);
        server.setExecutor(executor);
    }

    public static DynamoDbGate start(URI target) throws IOException {
        return start(target, MAX_WAITING, MAX_WAIT);
    }

    static DynamoDbGate start(URI target, int maxWaiting, Duration maxWait) throws IOException {
        var gate = new DynamoDbGate(target, maxWaiting, maxWait);
        gate.server.start();
        return gate;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Requests answered with a throttling error since the start (a full queue, or a wait past the deadline). */
    public long throttled() {
        return throttled.get();
    }

    static boolean isRead(String amzTarget) {
        if (amzTarget == null) {
            return false; // moto's own API (reset) and anything unknown: alone, to be safe
        }
        return READS.contains(amzTarget.substring(amzTarget.indexOf('.') + 1));
    }

    private void forward(HttpExchange exchange) {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String amzTarget = exchange.getRequestHeaders().getFirst("x-amz-target");
            boolean read = isRead(amzTarget);
            var refusal = read ? lock.acquireRead(maxWait) : lock.acquireWrite(maxWait);
            if (refusal != null) {
                throttle(exchange, amzTarget, refusal);
                return;
            }
            HttpResponse<byte[]> response;
            try {
                response = client.send(HttpExchanges.requestTo(target, exchange, body),
                        HttpResponse.BodyHandlers.ofByteArray());
            } finally {
                if (read) {
                    lock.releaseRead();
                } else {
                    lock.releaseWrite();
                }
            }
            HttpExchanges.relay(response, exchange);
        } catch (IOException e) {
            // the caller gave up (its timeout) before the answer came: once a line per QUIET_LOGGING, not per request
            long failures = forwardFailures.incrementAndGet();
            warnQuietly(() -> "DynamoDB gate: " + failures + " answers could not be delivered so far (" + e + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void throttle(HttpExchange exchange, String amzTarget, PhaseFairLock.Refusal refusal) throws IOException {
        long count = throttled.incrementAndGet();
        warnQuietly(() -> "DynamoDB gate: throttling (" + count + " requests so far; " + lock.waiting()
                + " waiting): " + (refusal == PhaseFairLock.Refusal.QUEUE_FULL ? "queue full" : "waited "
                + maxWait.toMillis() + " ms"));
        byte[] answer;
        if (amzTarget == null) {
            exchange.getResponseHeaders().set("Content-Type", "application/xml");
            answer = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>SlowDown</Code><Message>Please reduce "
                    + "your request rate.</Message></Error>").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(503, answer.length);
        } else {
            exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
            answer = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\",\"message\":"
                    + "\"Throughput exceeds the current capacity of the local DynamoDB (moto_server is busy)\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(400, answer.length);
        }
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
        }
    }

    private void warnQuietly(java.util.function.Supplier<String> message) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if ((last == 0 || now - last > QUIET_LOGGING.toNanos()) && lastWarning.compareAndSet(last, now)) {
            LOG.warning(message);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
