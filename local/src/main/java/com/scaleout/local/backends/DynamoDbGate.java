package com.scaleout.local.backends;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.json.Json;
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
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * A pass-through in front of moto_server that sheds load as DynamoDB does instead of queueing without end. At most
 * {@link #PIPELINE} requests are at a patched moto process at once (moto's patch layer runs them one at a time, in
 * arrival order, which gives the isolation DynamoDB has: patch 10 of {@code scaleout_moto.py}), so that moto always
 * has the next request while the JVM handles the last answer; the rest wait here in arrival order ({@link
 * InFlightLimit}), each at most {@link #MAX_WAIT} (the functions' SDK attempt timeout: after that its caller has given
 * up and retried, so forwarding it would be work for no one), and at most {@link #MAX_WAITING} at all. A request
 * refused either way is answered at once with DynamoDB's throttling error (S3's SlowDown for S3), which the SDK backs
 * off and retries. A moto without the patch layer (an endpoint given from outside) gets one request at a time.
 *
 * <p>(The gate used to give the isolation itself, a write holding a lock for the whole round trip through the JVM:
 * a process's writes were bounded by that round trip, not by moto, and with the AlbumStore client's POSTs at moto's
 * second process, at a quarter of a core, requests still waited past {@link #MAX_WAIT}.)
 *
 * <p>With a second moto process for the tables served apart ({@link MotoRoutes}), each process has a limit of its
 * own, so the requests of one never wait behind the other's: two cores instead of one.
 */
public final class DynamoDbGate implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DynamoDbGate.class.getName());
    static final Duration MAX_WAIT = AwsClients.ATTEMPT_TIMEOUT;
    /** Requests at a patched moto process at once: the next one always there, no more waiting inside moto. */
    static final int PIPELINE = 4;
    /**
     * As many as the functions' closed-loop callers the stack serves without a throttle (the AlbumStore client's 300
     * threads: with 128, a third of its POSTs were refused with waits well inside {@link #MAX_WAIT}); the wait limit,
     * not this, is what sheds an overload.
     */
    static final int MAX_WAITING = 512;
    private static final Duration QUIET_LOGGING = Duration.ofSeconds(10);

    /** A moto process and the requests let at it. */
    private record Backend(URI target, InFlightLimit limit) {
    }

    private final Backend main;
    /** The process of the tables served apart; null when there is one process. */
    private final Backend apart;
    private final MotoRoutes routes;
    private final HttpServer server;
    /**
     * Platform threads, scheduled by the OS beside the functions' own: a virtual thread that holds a place at moto
     * and whose answer has come waits for one of the two carrier threads before it can give the place up, and under
     * load every request behind it waited too (the AlbumStore client's POSTs: requests waited past
     * {@link #MAX_WAIT} at the gate while moto's processes were at a quarter of a core).
     */
    private final ExecutorService executor = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("dynamodb-gate-", 0).daemon(true).factory());
    private final HttpClient client = HttpClient.newBuilder().executor(executor)
            .connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
    private final Duration maxWait;
    private final LostAnswers lostAnswers = LostAnswers.fromEnvironment();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong forwardFailures = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong();

    private DynamoDbGate(URI target, URI apartTarget, Set<String> tablesApart, int inFlight, int maxWaiting,
                         Duration maxWait) throws IOException {
        this.main = new Backend(target, new InFlightLimit(inFlight, maxWaiting));
        this.apart = apartTarget == null ? null : new Backend(apartTarget, new InFlightLimit(inFlight, maxWaiting));
        this.routes = new MotoRoutes(apartTarget == null ? Set.of() : tablesApart);
        this.maxWait = maxWait;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.createContext("/", this::forward);
        server.setExecutor(executor);
    }

    /** A gate in front of one moto process; {@code patched}: it runs the project's patch layer (see above). */
    public static DynamoDbGate start(URI target, boolean patched) throws IOException {
        return start(new DynamoDbGate(target, null, Set.of(), patched ? PIPELINE : 1, MAX_WAITING, MAX_WAIT));
    }

    /**
     * A gate in front of two patched moto processes: {@code apartTarget} serves {@code tablesApart}, {@code target}
     * the rest.
     */
    public static DynamoDbGate start(URI target, URI apartTarget, Set<String> tablesApart) throws IOException {
        return start(new DynamoDbGate(target, apartTarget, tablesApart, PIPELINE, MAX_WAITING, MAX_WAIT));
    }

    static DynamoDbGate start(URI target, int inFlight, int maxWaiting, Duration maxWait) throws IOException {
        return start(new DynamoDbGate(target, null, Set.of(), inFlight, maxWaiting, maxWait));
    }

    private static DynamoDbGate start(DynamoDbGate gate) {
        gate.server.start();
        return gate;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The fault of answers lost after their write was applied; off unless turned on. */
    public LostAnswers lostAnswers() {
        return lostAnswers;
    }

    /** Requests answered with a throttling error since the start (a full queue, or a wait past the deadline). */
    public long throttled() {
        return throttled.get();
    }

    private void forward(HttpExchange exchange) {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String amzTarget = exchange.getRequestHeaders().getFirst("x-amz-target");
            MotoRoutes.Route route;
            try {
                route = apart == null ? MotoRoutes.Route.MAIN
                        : routes.of(amzTarget, exchange.getRequestURI().getPath(), body);
            } catch (MotoRoutes.MixedTables e) {
                answer(exchange, 400, Json.MAPPER.writeValueAsString(Json.MAPPER.createObjectNode()
                        .put("__type", "com.amazonaws.dynamodb.v20120810#ValidationException")
                        .put("message", e.getMessage())));
                return;
            }
            switch (route) {
                case MAIN -> pass(main, exchange, amzTarget, body);
                case APART -> pass(apart, exchange, amzTarget, body);
                case BOTH_RESET -> resetBoth(exchange, body);
                case BOTH_LIST_TABLES -> listBoth(exchange, body);
            }
        } catch (IOException e) {
            // the caller gave up (its timeout) before the answer came: once a line per QUIET_LOGGING, not per request
            long failures = forwardFailures.incrementAndGet();
            warnQuietly(() -> "DynamoDB gate: " + failures + " answers could not be delivered so far (" + e + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The request, forwarded to one process. */
    private void pass(Backend backend, HttpExchange exchange, String amzTarget, byte[] body)
            throws IOException, InterruptedException {
        var response = send(backend, exchange, amzTarget, HttpExchanges.requestTo(backend.target(), exchange,
                lostAnswers.asSent(exchange, amzTarget, body)));
        if (response == null) {
            return;
        }
        if (lostAnswers.losesAnswerTo(exchange, amzTarget)) {
            lostAnswers.cutOff(response, exchange);
        } else {
            HttpExchanges.relay(response, exchange);
        }
    }

    /** Sends a request to the process once let in; null when refused, the caller answered with a throttling error. */
    private HttpResponse<byte[]> send(Backend backend, HttpExchange exchange, String amzTarget,
                                      java.net.http.HttpRequest request) throws IOException, InterruptedException {
        var refusal = backend.limit().acquire(maxWait);
        if (refusal != null) {
            throttle(exchange, amzTarget, backend.limit(), refusal);
            return null;
        }
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } finally {
            backend.limit().release();
        }
    }

    /** moto's reset, applied to both processes; the main process's answer is relayed. */
    private void resetBoth(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        for (Backend backend : List.of(apart, main)) {
            var response = send(backend, exchange, null, HttpExchanges.requestTo(backend.target(), exchange, body));
            if (response == null) {
                return;
            }
            if (backend == main || response.statusCode() != 200) {
                HttpExchanges.relay(response, exchange);
                return;
            }
        }
    }

    /** ListTables over both processes: every name of each, merged in order, then the caller's page of them. */
    private void listBoth(HttpExchange exchange, byte[] body) throws IOException, InterruptedException {
        JsonNode request = body.length == 0 ? Json.MAPPER.createObjectNode() : Json.MAPPER.readTree(body);
        var names = new java.util.TreeSet<String>();
        for (Backend backend : List.of(main, apart)) {
            String from = null;
            do {
                var page = Json.MAPPER.createObjectNode();
                if (from != null) {
                    page.put("ExclusiveStartTableName", from);
                }
                var response = send(backend, exchange, "DynamoDB_20120810.ListTables",
                        HttpExchanges.requestTo(backend.target(), exchange, Json.MAPPER.writeValueAsBytes(page)));
                if (response == null) {
                    return;
                }
                if (response.statusCode() != 200) {
                    HttpExchanges.relay(response, exchange);
                    return;
                }
                JsonNode answer = Json.MAPPER.readTree(response.body());
                answer.path("TableNames").forEach(name -> names.add(name.asText()));
                from = answer.hasNonNull("LastEvaluatedTableName") ? answer.get("LastEvaluatedTableName").asText()
                        : null;
            } while (from != null);
        }
        String start = request.path("ExclusiveStartTableName").asText(null);
        int limit = request.path("Limit").asInt(100);
        var after = start == null ? names : names.tailSet(start, false);
        var shown = after.stream().limit(limit).toList();
        var answer = Json.MAPPER.createObjectNode();
        shown.forEach(answer.putArray("TableNames")::add);
        if (after.size() > shown.size()) {
            answer.put("LastEvaluatedTableName", shown.getLast());
        }
        answer(exchange, 200, Json.MAPPER.writeValueAsString(answer));
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private void throttle(HttpExchange exchange, String amzTarget, InFlightLimit limit, InFlightLimit.Refusal refusal)
            throws IOException {
        long count = throttled.incrementAndGet();
        warnQuietly(() -> "DynamoDB gate: throttling (" + count + " requests so far; " + limit.waiting()
                + " waiting): " + (refusal == InFlightLimit.Refusal.QUEUE_FULL ? "queue full" : "waited "
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
