package com.scaleout.local.websocket;

import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.functions.shared.json.Json;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.URIUtil;
import org.eclipse.jetty.websocket.api.StatusCode;

/**
 * The WebSocket APIs' management API, where the SDK's {@code ApiGatewayManagementApiClient} posts to a connection:
 * {@code POST|GET|DELETE <api path>/@connections/{connectionId}}, answered as API Gateway answers them (a connection
 * that is gone: 410 with {@code x-amzn-ErrorType: GoneException}, which the SDK raises as {@code GoneException}).
 * Every other request goes on to the HTTP API. Who may call it is checked in the caller's SDK, by the IAM check of
 * {@code execute-api:ManageConnections}; the requests' signatures are not verified here.
 */
final class ManagementApi extends Handler.Wrapper {
    static final String CONNECTIONS = "/@connections/";
    /** How long a post may take to be written to the connection before the caller hears it is gone. */
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    private final List<LiveGateway> gateways;

    ManagementApi(List<LiveGateway> gateways, Handler next) {
        super(next);
        this.gateways = List.copyOf(gateways);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getPath();
        for (LiveGateway gateway : gateways) {
            String prefix = gateway.path() + CONNECTIONS;
            if (path != null && path.startsWith(prefix)) {
                String connectionId = URIUtil.decodePath(path.substring(prefix.length()));
                answer(gateway, connectionId, request, response, callback);
                return true;
            }
        }
        return super.handle(request, response, callback);
    }

    private static void answer(LiveGateway gateway, String connectionId, Request request, Response response,
                               Callback callback) throws Exception {
        var connection = gateway.connection(connectionId);
        switch (request.getMethod()) {
            case "POST" -> {
                byte[] body;
                try (InputStream in = Content.Source.asInputStream(request)) {
                    body = in.readNBytes(WebSocketApiSpec.MAX_MESSAGE_BYTES + 1);
                }
                if (body.length > WebSocketApiSpec.MAX_MESSAGE_BYTES) {
                    error(response, callback, 413, "PayloadTooLargeException", "Request entity too large");
                } else if (connection.isEmpty() || !delivered(connection.get(), body)) {
                    gone(response, callback);
                } else {
                    write(response, callback, 200, null, "");
                }
            }
            case "GET" -> {
                if (connection.isEmpty()) {
                    gone(response, callback);
                } else {
                    write(response, callback, 200, null, Json.write(describe(connection.get())));
                }
            }
            case "DELETE" -> {
                if (connection.isEmpty()) {
                    gone(response, callback);
                } else {
                    connection.get().close(StatusCode.NORMAL, null);
                    write(response, callback, 204, null, "");
                }
            }
            default -> error(response, callback, 403, "ForbiddenException", "Forbidden");
        }
    }

    private static boolean delivered(LiveConnection connection, byte[] body) throws InterruptedException {
        try {
            connection.send(new String(body, StandardCharsets.UTF_8))
                    .get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException closedMeanwhile) {
            return false;
        }
    }

    /** GetConnection's answer. */
    private static Map<String, Object> describe(LiveConnection connection) {
        var caller = connection.caller();
        var identity = new LinkedHashMap<String, Object>();
        identity.put("sourceIp", caller.sourceIp());
        identity.put("userAgent", caller.userAgent());
        var description = new LinkedHashMap<String, Object>();
        description.put("connectedAt", caller.connectedAt().truncatedTo(ChronoUnit.MILLIS).toString());
        description.put("identity", identity);
        description.put("lastActiveAt", connection.lastActiveAt().truncatedTo(ChronoUnit.MILLIS).toString());
        return description;
    }

    /** API Gateway's answer for a connection that is closed or never was (its message is null). */
    private static void gone(Response response, Callback callback) {
        write(response, callback, 410, "GoneException", "{\"message\":null}");
    }

    private static void error(Response response, Callback callback, int status, String type, String message) {
        write(response, callback, status, type, Json.write(Map.of("message", message)));
    }

    private static void write(Response response, Callback callback, int status, String errorType, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        if (errorType != null) {
            response.getHeaders().put("x-amzn-ErrorType", errorType);
        }
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
    }
}
