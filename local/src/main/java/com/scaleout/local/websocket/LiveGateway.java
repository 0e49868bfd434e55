package com.scaleout.local.websocket;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.limits.RouteThrottles;
import com.scaleout.local.limits.TokenBucket;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.eclipse.jetty.websocket.server.ServerUpgradeRequest;
import org.eclipse.jetty.websocket.server.ServerUpgradeResponse;

/**
 * One API Gateway WebSocket API on the local port, at {@code /<name in lower case>}: the handshake runs the
 * {@code $connect} route's function before it completes (a status outside 2xx refuses it with that status and
 * body); each message goes to the route its {@code action} selects (see {@link RouteSelection}), and a two-way
 * route's answer body back to the caller; every close, whoever closed, runs {@code $disconnect}. The stage's
 * throttle applies per route, as its default route settings do; the account's new-connection quota across APIs.
 * Functions run through their {@link FunctionPool}s, as the HTTP API's routes do.
 */
public final class LiveGateway implements AutoCloseable {
    /** The stage the events name locally (the HTTP API's too). */
    static final String STAGE = "$default";
    private static final Logger LOG = Logger.getLogger(LiveGateway.class.getName());
    /** How long a stop waits for the last $disconnect invocations. */
    private static final java.time.Duration CLOSE_WAIT = java.time.Duration.ofSeconds(5);

    private final WebSocketApiSpec api;
    private final Map<String, FunctionPool> functions;
    private final LiveLimits limits;
    private final TokenBucket newConnections;
    private final RouteThrottles throttles;
    private final WebSocketEvents events;
    private final Clock clock;
    private final Map<String, LiveConnection> connections = new ConcurrentHashMap<>();
    /** Messages and disconnects run here, so that a slow function holds no Jetty thread. */
    private final ExecutorService work = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService expiries = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("live-expiry").daemon(true).factory());

    /** {@code newConnections}: the account's quota, shared by every WebSocket API of the runtime. */
    public LiveGateway(WebSocketApiSpec api, Map<String, FunctionPool> functions, LiveLimits limits,
                       TokenBucket newConnections, Clock clock) {
        this.api = api;
        this.functions = Map.copyOf(functions);
        this.limits = limits;
        this.newConnections = newConnections;
        this.throttles = new RouteThrottles(List.of(),
                Optional.of(new RouteThrottles.StageDefault(api.ratePerSecond(), api.burst())));
        this.events = new WebSocketEvents(apiId(api.name()), STAGE);
        this.clock = clock;
    }

    /** The account's new-connection quota for the gateways of one runtime. */
    public static TokenBucket newConnectionQuota(LiveLimits limits) {
        return new TokenBucket(limits.newConnectionsPerSecond(), limits.newConnectionBurst(), System::nanoTime);
    }

    /** The local id of the API declared as {@code name}, which is also its path: {@code Live} is {@code live}. */
    public static String apiId(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Where the API is served, and its management API under it: {@code /live}. */
    public String path() {
        return "/" + apiId(api.name());
    }

    public WebSocketApiSpec api() {
        return api;
    }

    LiveLimits limits() {
        return limits;
    }

    Instant now() {
        return clock.instant();
    }

    /** Connections open now. */
    public int openConnections() {
        return connections.size();
    }

    Optional<LiveConnection> connection(String connectionId) {
        return Optional.ofNullable(connections.get(connectionId));
    }

    /**
     * The handshake, before Jetty completes it: the account's quota and the stage's throttle, then $connect. A
     * refusal is answered here (the callback completes it); an acceptance returns the connection's listener.
     */
    Object handshake(ServerUpgradeRequest request, ServerUpgradeResponse response, Callback callback) {
        if (!newConnections.tryTake() || !throttles.tryAdmit(WebSocketApiSpec.CONNECT)) {
            return refuse(response, callback, 429, message("Too Many Requests"));
        }
        Instant now = now();
        var caller = new WebSocketEvents.Caller(ConnectionIds.next(), now, Request.getRemoteAddr(request),
                request.getHeaders().get(HttpHeader.USER_AGENT), Request.getServerName(request));
        String requestId = ConnectionIds.next();
        var event = events.connect(caller, headers(request), query(request), requestId, now);
        var reply = integrate(api.route(WebSocketApiSpec.CONNECT).orElseThrow(), event, requestId);
        if (reply.status() / 100 != 2) {
            return refuse(response, callback, reply.status(),
                    reply.failed() ? message(reply.body()) : reply.body() == null ? "" : reply.body());
        }
        return new LiveConnection(this, caller);
    }

    void opened(LiveConnection connection) {
        connections.put(connection.id(), connection);
        connection.expiresWith(expiries.schedule(() -> connection.close(StatusCode.SHUTDOWN, "Going away"),
                limits.maxDuration().toMillis(), TimeUnit.MILLISECONDS));
    }

    void received(LiveConnection connection, String message, boolean base64) {
        run(() -> answer(connection, message, base64));
    }

    void closed(LiveConnection connection, int statusCode, String reason) {
        connections.remove(connection.id(), connection);
        api.route(WebSocketApiSpec.DISCONNECT).ifPresent(route -> run(() -> {
            String requestId = ConnectionIds.next();
            integrate(route, events.disconnect(connection.caller(), statusCode, reason, requestId, now()), requestId);
        }));
    }

    private void answer(LiveConnection connection, String message, boolean base64) {
        String routeKey = base64 ? WebSocketApiSpec.DEFAULT : RouteSelection.routeKey(api, message);
        String requestId = ConnectionIds.next();
        if (!throttles.tryAdmit(routeKey)) {
            sendQuietly(connection, error("Too Many Requests", connection, requestId)); // the connection stays open
            return;
        }
        var route = api.route(routeKey);
        if (route.isEmpty()) { // no $default: API Gateway's answer to a message no route takes
            sendQuietly(connection, error("Forbidden", connection, requestId));
            return;
        }
        var reply = integrate(route.get(),
                events.message(connection.caller(), routeKey, message, base64, requestId, now()), requestId);
        if (reply.failed()) {
            sendQuietly(connection, error(reply.body(), connection, requestId));
        } else if (route.get().returnsResponse() && reply.body() != null && !reply.body().isEmpty()) {
            sendQuietly(connection, reply.body());
        }
    }

    /** What the route's function answered, or the gateway's own failure (its message in {@code body}). */
    private record Reply(int status, String body, boolean failed) {
        static Reply failure(int status, String message) {
            return new Reply(status, message, true);
        }
    }

    private Reply integrate(WebSocketApiSpec.Route route, Object event, String requestId) {
        try {
            Object result = functions.get(route.function()).invoke(event);
            if (result == null) {
                return new Reply(200, null, false);
            }
            JsonNode answer = Json.MAPPER.valueToTree(result);
            int status = answer.path("statusCode").asInt(0);
            JsonNode body = answer.path("body");
            return new Reply(status == 0 ? 200 : status, body.isTextual() ? body.asText() : null, false);
        } catch (InvocationException e) {
            LOG.warning(() -> api.name() + " " + route.routeKey() + " request " + requestId + ": " + e.getMessage());
            return e.kind() == InvocationException.Kind.THROTTLED ? Reply.failure(429, "Too Many Requests")
                    : Reply.failure(500, "Internal server error");
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, api.name() + " " + route.routeKey() + " request " + requestId + " failed", e);
            return Reply.failure(500, "Internal server error");
        }
    }

    /** API Gateway's own error message to a connection. */
    private static String error(String message, LiveConnection connection, String requestId) {
        var error = new LinkedHashMap<String, Object>();
        error.put("message", message);
        error.put("connectionId", connection.id());
        error.put("requestId", requestId);
        return Json.write(error);
    }

    private static String message(String message) {
        return Json.write(Map.of("message", message));
    }

    private static Object refuse(ServerUpgradeResponse response, Callback callback, int status, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
        return null;
    }

    private static void sendQuietly(LiveConnection connection, String message) {
        connection.send(message).exceptionally(gone -> {
            LOG.fine(() -> "connection " + connection.id() + " closed before a reply: " + gone);
            return null;
        });
    }

    private void run(Runnable task) {
        try {
            work.execute(task);
        } catch (RejectedExecutionException stopping) {
            LOG.fine("the gateway is stopping: " + stopping);
        }
    }

    /** Headers with their names as sent, repeated ones kept in order (the event's multiValueHeaders). */
    private static Map<String, List<String>> headers(Request request) {
        var headers = new LinkedHashMap<String, List<String>>();
        for (HttpField field : request.getHeaders()) {
            headers.computeIfAbsent(field.getName(), name -> new ArrayList<>()).add(field.getValue());
        }
        return headers;
    }

    private static Map<String, List<String>> query(Request request) {
        var query = new LinkedHashMap<String, List<String>>();
        Fields fields = Request.extractQueryParameters(request);
        fields.forEach(field -> query.put(field.getName(), List.copyOf(field.getValues())));
        return query;
    }

    /** Closes the connections left, and lets their $disconnect run while the functions are still there. */
    @Override
    public void close() {
        connections.values().forEach(connection -> connection.close(StatusCode.SHUTDOWN, "Going away"));
        expiries.shutdownNow();
        work.shutdown();
        try {
            if (!work.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warning(() -> api.name() + ": $disconnect still running after " + CLOSE_WAIT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
