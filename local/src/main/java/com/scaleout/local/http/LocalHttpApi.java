package com.scaleout.local.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.WebClientSecurity;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.lambda.FaultMarks;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationException;
import com.scaleout.local.lambda.InvocationPayload;
import com.scaleout.local.limits.RouteThrottles;
import com.scaleout.local.websocket.LiveEndpoints;
import com.scaleout.local.websocket.LiveGateway;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * The HTTP API on a local port: route selection, route throttles, the payload limits (API Gateway's on the body,
 * Lambda's on the event and the response), authorizers, the payload-2.0 event to the route's function and its
 * response back, and API Gateway's own fixed answers when something goes wrong. The HTTP server is Jetty's, because
 * the JDK's answers a request it cannot parse (a malformed percent-encoding) with an HTML page of its own before any
 * handler runs; Jetty's lets the gateway answer those in JSON too ({@link JsonErrors}). The WebSocket APIs share its
 * port, each on its own path ({@link LiveEndpoints}): only their handshakes and management calls leave this gateway.
 */
public final class LocalHttpApi implements AutoCloseable {
    /**
     * Lambda's synchronous invocation payload limit, on the whole event as JSON (see {@link InvocationPayload}): a body
     * this large makes an event over it.
     */
    public static final int MAX_PAYLOAD_BYTES = InvocationPayload.MAX_REQUEST_BYTES;
    /** API Gateway HTTP API's own request body limit, checked before anything else runs. */
    public static final int MAX_BODY_BYTES = 10 * 1024 * 1024;
    /** How much of an oversized body is read and dropped before answering 413. */
    private static final long DRAIN_LIMIT_BYTES = 10L * 1024 * 1024;
    /**
     * Connections the kernel holds for the gateway before it accepts them (capped by net.core.somaxconn). API Gateway
     * answers every connection; with 256 a minute at 3 × the sustainable rate had the kernel drop 527 connection
     * attempts, whose clients resent them seconds later and went unanswered for over 30 s.
     */
    static final int ACCEPT_BACKLOG = 4096;
    /**
     * API Gateway HTTP API's quota on the request line and the header values together (10,240 bytes, fixed): over it
     * the gateway answers 431 itself. AWS does not document its answer; 431 is HTTP's status for it.
     */
    public static final int MAX_HEAD_BYTES = 10_240;
    /**
     * What Jetty reads of a head, names and line ends included, before it answers 431 itself and reads no more: room
     * for a head whose values fit {@link #MAX_HEAD_BYTES} under ordinary names. With 64 KB, the security test's 1,000
     * headers (57 KB) were read whole and passed to the function.
     */
    private static final int MAX_RAW_HEAD_BYTES = 16 * 1024;
    /**
     * How long a request head may take from its first byte to its last (see {@link HeadDeadline}). A client of ours
     * writes its head at once; a trickling one holds a connection this long at the most.
     */
    static final Duration HEAD_TIMEOUT = Duration.ofSeconds(10);
    /**
     * How long a connection may sit idle, longer than any answer takes (the integration timeout), so that no idle
     * timeout ever cuts a request the gateway is still answering.
     */
    private static final Duration IDLE_TIMEOUT = Duration.ofMinutes(2);
    /**
     * API Gateway's integration timeout: past it the gateway answers 503 and stops waiting for the authorizer and the
     * function (which run on), so no client waits longer, whatever holds a request up.
     */
    public static final Duration INTEGRATION_TIMEOUT = Duration.ofSeconds(30);
    /** How many requests run at once unless configured (see {@link ExecutionSlots}). */
    public static final int DEFAULT_EXECUTION_SLOTS = ExecutionSlots.forThisMachine();
    private static final Logger LOG = Logger.getLogger(LocalHttpApi.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Server server;
    private final ServerConnector connector;
    /**
     * Reads each request and decides its admission: platform threads, scheduled by the OS beside everything else,
     * so that under overload a request is read and shed at once instead of queueing for the two carrier threads
     * behind the virtual threads of the work already admitted (measured: a minute at 3 × the sustainable rate left
     * requests waiting over 35 s before the gateway had seen them, with nothing shed).
     */
    private final ExecutorService front = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("gateway-front-", 0).daemon(true).factory());
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final RouteTable routes;
    private final Map<String, FunctionPool> functions;
    private final Map<String, AuthorizerGate> authorizers;
    private final Clock clock;
    private final Optional<StaticFiles> staticFiles;
    private final Duration integrationTimeout;
    private final AtomicLong integrationTimeouts = new AtomicLong();
    private final Admission admission = new Admission();
    private final ExecutionSlots slots;
    private final RouteThrottles throttles;
    private final Map<String, java.util.concurrent.atomic.LongAdder> throttled =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final List<LiveGateway> webSocketApis;
    private final GatewayLog log;

    public LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                        Map<String, AuthorizerGate> authorizers, Clock clock) throws IOException {
        this(address, routes, functions, authorizers, clock, Optional.empty());
    }

    /** With {@code staticFiles}, a GET that matches no route is answered from those files (the web client). */
    public LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                        Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles)
            throws IOException {
        this(address, routes, functions, authorizers, clock, staticFiles, DEFAULT_EXECUTION_SLOTS);
    }

    /** With at most {@code executionSlots} requests running at once (see {@link ExecutionSlots}). */
    public LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                        Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles,
                        int executionSlots) throws IOException {
        this(address, routes, functions, authorizers, clock, staticFiles, executionSlots, RouteThrottles.none());
    }

    /** With the stage's route throttles (see {@link RouteThrottles}). */
    public LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                        Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles,
                        int executionSlots, RouteThrottles throttles) throws IOException {
        this(address, routes, functions, authorizers, clock, staticFiles, executionSlots, throttles, List.of());
    }

    /** With WebSocket APIs on the same port, each on its own path (see {@link LiveEndpoints}). */
    public LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                        Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles,
                        int executionSlots, RouteThrottles throttles, List<LiveGateway> webSocketApis)
            throws IOException {
        this(address, routes, functions, authorizers, clock, staticFiles, INTEGRATION_TIMEOUT,
                new ExecutionSlots(executionSlots), throttles, webSocketApis);
    }

    LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                 Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles,
                 Duration integrationTimeout, ExecutionSlots slots) throws IOException {
        this(address, routes, functions, authorizers, clock, staticFiles, integrationTimeout, slots,
                RouteThrottles.none(), List.of());
    }

    LocalHttpApi(InetSocketAddress address, RouteTable routes, Map<String, FunctionPool> functions,
                 Map<String, AuthorizerGate> authorizers, Clock clock, Optional<StaticFiles> staticFiles,
                 Duration integrationTimeout, ExecutionSlots slots, RouteThrottles throttles,
                 List<LiveGateway> webSocketApis) throws IOException {
        this.webSocketApis = List.copyOf(webSocketApis);
        this.throttles = throttles;
        this.integrationTimeout = integrationTimeout;
        this.slots = slots;
        this.staticFiles = staticFiles;
        this.routes = routes;
        this.functions = Map.copyOf(functions);
        this.authorizers = Map.copyOf(authorizers);
        this.clock = clock;
        this.server = new Server();
        this.log = new GatewayLog(server.getScheduler());
        var http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setRequestHeaderSize(MAX_RAW_HEAD_BYTES);
        // header values as sent: the parser's cache would give "bearer x" the value of an earlier "Bearer x", and
        // the authorizer's cache, keyed by the header's value, the decision of another identity
        http.setHeaderCacheCaseSensitive(true);
        // the raw target reaches the routes as sent (%2F, "..", %00): API Gateway and the routes judge it
        http.setUriCompliance(UriCompliance.UNSAFE);
        this.connector = new ServerConnector(server, new HeadDeadline(http, HEAD_TIMEOUT, log));
        connector.setHost(address.getAddress().getHostAddress());
        connector.setPort(address.getPort());
        connector.setAcceptQueueSize(ACCEPT_BACKLOG);
        connector.setIdleTimeout(IDLE_TIMEOUT.toMillis());
        server.addConnector(connector);
        server.setHandler(LiveEndpoints.before(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                front.execute(() -> LocalHttpApi.this.handle(new GatewayExchange(request, response, callback)));
                return true;
            }
        }, server, this.webSocketApis));
        server.setErrorHandler(new JsonErrors(log));
        bind(connector);
    }

    /**
     * Binds now, so that a port taken fails here, before anything starts, as the JDK's {@link java.net.BindException}
     * (Jetty wraps it in an IOException of its own; the runtime says which port and what to do about it).
     */
    private static void bind(ServerConnector connector) throws IOException {
        try {
            connector.open();
        } catch (IOException e) {
            if (e.getCause() instanceof java.net.BindException taken) {
                throw taken;
            }
            throw e;
        }
    }

    public void start() {
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("the HTTP API did not start", e);
        }
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** Requests answered 503 because their integration outlasted {@link #INTEGRATION_TIMEOUT}. */
    public long integrationTimeouts() {
        return integrationTimeouts.get();
    }

    /** Requests that found every execution slot taken and waited for one (see {@link ExecutionSlots}). */
    public long slotWaits() {
        return slots.waited();
    }

    /** Requests waiting for an execution slot now. */
    int slotsAwaited() {
        return slots.waiting();
    }

    /** Requests answered 429 at once because more were in flight than the stack answers in time (see {@link Admission}). */
    public long shedRequests() {
        return admission.shed();
    }

    /**
     * The requests API Gateway's throttles refused (a route's or the account's, by route) and those Lambda's
     * concurrency or scaling rate refused (by function), by {@code reason resource}, sorted.
     */
    public Map<String, Long> throttles() {
        var counts = new java.util.TreeMap<String, Long>();
        throttled.forEach((key, count) -> counts.put(key, count.sum()));
        return counts;
    }

    private void countThrottle(String reason, String resource) {
        throttled.computeIfAbsent(reason + " " + resource, key -> new java.util.concurrent.atomic.LongAdder())
                .increment();
    }

    private void handle(GatewayExchange exchange) {
        String requestId = newRequestId();
        Throwable failure = null;
        try {
            int headBytes = exchange.headBytes();
            if (headBytes > MAX_HEAD_BYTES) {
                write(exchange, Answer.gateway(431, "Request Header Fields Too Large").because("request line and "
                        + "header values over API Gateway's quota", headBytes + " of " + MAX_HEAD_BYTES + " bytes"),
                        requestId);
                return;
            }
            if (!admission.tryAdmit()) {
                write(exchange, Answer.busy(429, "Too Many Requests").because("admission",
                        "more requests in flight than the stack answers within " + Admission.WAIT_BUDGET.toSeconds()
                                + " s"), requestId);
                return;
            }
            boolean served = false;
            try {
                Answer answer = answerWithin(exchange, requestId);
                served = answer.status() != 429 && answer.status() != 503;
                write(exchange, answer, requestId);
            } finally {
                admission.answered(served);
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
            LOG.log(Level.WARNING, "request " + requestId + ": could not answer the client", e);
        } finally {
            exchange.finish(failure);
        }
    }

    private Answer answerWithin(GatewayExchange exchange, String requestId) throws IOException {
        long deadline = System.nanoTime() + integrationTimeout.toNanos();
        Future<Answer> answering = executor.submit(() -> answer(exchange, requestId, deadline));
        try {
            return answering.get(integrationTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            integrationTimeouts.incrementAndGet();
            return Answer.busy(503, "Service Unavailable").because("integration timeout",
                    "no answer within " + integrationTimeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.busy(503, "Service Unavailable");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            // e.g. a response API Gateway could not map (bad base64): the gateway's own 500
            LOG.log(Level.SEVERE, "request " + requestId + " failed in the gateway", e.getCause());
            return Answer.gateway(500, "Internal Server Error");
        }
    }

    private Answer answer(GatewayExchange exchange, String requestId, long deadline) throws IOException {
        String rawPath = exchange.rawPath();
        var match = routes.match(exchange.method(), rawPath);
        if (match.isEmpty()) {
            return staticFile(exchange.method(), rawPath); // API routes always win
        }
        byte[] body = readBody(exchange);
        if (body == null) {
            return Answer.gateway(413, "Request Entity Too Large").because("body over API Gateway's quota",
                    "over " + MAX_BODY_BYTES + " bytes");
        }
        if (!throttles.tryAdmit(match.get().route().routeKey())) {
            countThrottle("ApiGatewayThrottled", "route:" + match.get().route().routeKey().replace(' ', '_'));
            // the gateway's throttle: no Retry-After in AWS either
            return Answer.gateway(429, "Too Many Requests").because("throttle", "the route's or the account's");
        }
        var request = new HttpRequestData(exchange.method(), rawPath, exchange.rawQuery(), exchange.protocol(),
                exchange.headers(), body, exchange.remoteAddress());
        var mappedBody = EventMapper.mapBody(body, EventMapper.headers(request));
        try {
            if (!slots.tryAcquire(Duration.ofNanos(deadline - System.nanoTime()))) {
                return Answer.busy(503, "Service Unavailable").because("integration timeout",
                        "still waiting for an execution slot"); // unless the integration timeout answered first
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.busy(503, "Service Unavailable");
        }
        try {
            return invoke(request, match.get(), mappedBody, requestId);
        } finally {
            slots.release();
        }
    }

    /** The authorizer, then the route's function, in an execution slot. */
    private Answer invoke(HttpRequestData request, RouteTable.Match match, EventMapper.MappedBody mappedBody,
                          String requestId) {
        try {
            Map<String, Object> authorizerContext = null;
            var authorizerName = match.route().authorizer();
            if (authorizerName.isPresent()) {
                var decision = authorizers.get(authorizerName.get()).authorize(request, match, requestId);
                switch (decision) {
                    case AuthorizerGate.Decision.MissingIdentity missing -> {
                        return Answer.gateway(401, "Unauthorized");
                    }
                    case AuthorizerGate.Decision.Deny deny -> {
                        return Answer.gateway(403, "Forbidden");
                    }
                    case AuthorizerGate.Decision.Allow allow -> authorizerContext = allow.context();
                }
            }
            var event = EventMapper.httpEvent(request, match, mappedBody, requestId, clock.instant(),
                    authorizerContext);
            var function = functions.get(match.route().function());
            Object result = FaultMarks.marking(request.headers(), () -> function.invoke(event));
            if (result instanceof APIGatewayV2HTTPResponse response) {
                return Answer.of(response); // throws on a malformed response: the caller answers 500
            }
            LOG.severe(() -> match.route().routeKey() + " returned "
                    + (result == null ? "null" : result.getClass().getName()) + ", not an APIGatewayV2HTTPResponse");
            return Answer.gateway(500, "Internal Server Error");
        } catch (InvocationException e) {
            return switch (e.kind()) {
                case THROTTLED -> {
                    countThrottle("LambdaThrottled", "function:" + match.route().function());
                    yield Answer.busy(429, "Too Many Requests").because("Lambda throttled", e.getMessage());
                }
                case TIMEOUT -> Answer.busy(503, "Service Unavailable").because("function timed out", e.getMessage());
                // Lambda refused the invoke; base64 inflates binary bodies by a third
                case PAYLOAD_TOO_LARGE -> Answer.gateway(413, "Request Entity Too Large")
                        .because("event over Lambda's payload limit", e.getMessage());
                case FUNCTION_ERROR -> {
                    LOG.warning(() -> "request " + requestId + ": " + e.getMessage());
                    yield Answer.gateway(500, "Internal Server Error");
                }
            };
        }
    }

    /** The web client's file for a GET (or HEAD) that no route matched; 404 as API Gateway answers otherwise. */
    private Answer staticFile(String method, String rawPath) throws IOException {
        if (staticFiles.isEmpty() || !(method.equals("GET") || method.equals("HEAD"))) {
            return Answer.gateway(404, "Not Found");
        }
        var file = staticFiles.get().resolve(rawPath);
        if (file.isEmpty()) {
            return Answer.gateway(404, "Not Found");
        }
        return new Answer(200, Map.of("content-type", List.of(file.get().contentType()),
                "cache-control", List.of(file.get().cacheControl()),
                "x-content-type-options", List.of("nosniff"),
                // the deployed site's policy, with the API on this same origin
                "content-security-policy", List.of(WebClientSecurity.contentSecurityPolicy("")),
                "x-frame-options", List.of("DENY")), List.of(), file.get().read());
    }

    /**
     * The body, or null when it is over the limit. An oversized body is still read (and dropped) up to a cap, so
     * that the 413 reaches a client that is still sending instead of a connection reset.
     */
    private static byte[] readBody(GatewayExchange exchange) throws IOException {
        try (InputStream in = exchange.body()) {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length <= MAX_BODY_BYTES) {
                return body;
            }
            in.skipNBytes(Math.min(DRAIN_LIMIT_BYTES, Math.max(0, declaredLength(exchange) - body.length)));
            return null;
        } catch (java.io.EOFException shorterThanDeclared) {
            return null;
        }
    }

    private static long declaredLength(GatewayExchange exchange) {
        long declared = exchange.declaredLength();
        return declared < 0 ? DRAIN_LIMIT_BYTES : declared;
    }

    private void write(GatewayExchange exchange, Answer answer, String requestId) throws IOException {
        if (answer.reason() != null) {
            log.answered(answer.status(), answer.reason().reason(), answer.reason().detail(),
                    () -> routeKey(exchange), requestId);
        }
        var headers = new java.util.LinkedHashMap<>(answer.headers());
        headers.put("apigw-requestid", List.of(requestId));
        exchange.respond(answer.status(), headers, answer.cookies(), answer.body());
    }

    /** The route the request matches, for the log: API Gateway's own answers may come before route selection. */
    private String routeKey(GatewayExchange exchange) {
        return routes.match(exchange.method(), exchange.rawPath()).map(match -> match.route().routeKey())
                .orElse("none (" + exchange.method() + ")");
    }

    /** An id as API Gateway's {@code apigw-requestid}: random, so that no request can be linked to another by it. */
    static String newRequestId() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "the HTTP API did not stop cleanly", e);
        }
        webSocketApis.forEach(LiveGateway::close);
        front.shutdownNow();
        executor.shutdownNow();
        log.flush();
    }

    /** The WebSocket APIs served on this port. */
    public List<LiveGateway> webSocketApis() {
        return webSocketApis;
    }

    /** What goes back to the client; with a reason when the gateway answers itself and says so in its log. */
    private record Answer(int status, Map<String, List<String>> headers, List<String> cookies, byte[] body,
                          Reason reason) {
        static final int BUSY_RETRY_AFTER_SECONDS = 1;

        Answer(int status, Map<String, List<String>> headers, List<String> cookies, byte[] body) {
            this(status, headers, cookies, body, null);
        }

        Answer because(String reason, String detail) {
            return new Answer(status, headers, cookies, body, new Reason(reason, detail));
        }

        /** API Gateway's own JSON answers; nosniff like every answer of the API. */
        static Answer gateway(int status, String message) {
            return new Answer(status, Map.of("content-type", List.of("application/json"),
                    "x-content-type-options", List.of("nosniff")), List.of(),
                    Json.write(Map.of("message", message)).getBytes(StandardCharsets.UTF_8));
        }

        /**
         * A throttle or a timed-out function, with Retry-After (one second) so that a client under overload knows
         * when to try again rather than hammering a stack that is catching up.
         */
        static Answer busy(int status, String message) {
            return new Answer(status, Map.of("content-type", List.of("application/json"),
                    "x-content-type-options", List.of("nosniff"),
                    "retry-after", List.of(String.valueOf(BUSY_RETRY_AFTER_SECONDS))), List.of(),
                    Json.write(Map.of("message", message)).getBytes(StandardCharsets.UTF_8));
        }

        static Answer of(APIGatewayV2HTTPResponse response) {
            var headers = new java.util.LinkedHashMap<String, List<String>>();
            if (response.getMultiValueHeaders() != null) {
                response.getMultiValueHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), List.copyOf(v)));
            }
            if (response.getHeaders() != null) {
                response.getHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), List.of(v)));
            }
            String body = response.getBody();
            byte[] bytes = body == null ? new byte[0]
                    : response.getIsBase64Encoded() ? Base64.getDecoder().decode(body)
                    : body.getBytes(StandardCharsets.UTF_8);
            List<String> cookies = response.getCookies() == null ? List.of() : response.getCookies();
            int status = response.getStatusCode() == 0 ? 200 : response.getStatusCode();
            return new Answer(status, headers, cookies, bytes);
        }
    }

    /** Why the gateway answered itself: a short reason (counted under a flood) and what exactly. */
    private record Reason(String reason, String detail) {
    }
}
