package com.scaleout.local.websocket;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2WebSocketEvent;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The events API Gateway's WebSocket API sends to Lambda for a connection: CONNECT with the handshake's headers and
 * query, MESSAGE with the message as its body, DISCONNECT with the close's status code and reason. Each carries the
 * connection (id, when it connected, its caller) and the route.
 *
 * @param apiId the API's id (locally its path: {@code live})
 * @param stage the stage's name
 */
record WebSocketEvents(String apiId, String stage) {
    private static final DateTimeFormatter REQUEST_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    /** The connection every event of it names. */
    record Caller(String connectionId, Instant connectedAt, String sourceIp, String userAgent, String domainName) {
    }

    /**
     * {@code requestContext} of a DISCONNECT: API Gateway adds the close's status and reason, which the events
     * library's class has no field for.
     */
    static final class DisconnectContext extends APIGatewayV2WebSocketEvent.RequestContext {
        private static final long serialVersionUID = 1L;
        private int disconnectStatusCode;
        private String disconnectReason;

        public int getDisconnectStatusCode() {
            return disconnectStatusCode;
        }

        public String getDisconnectReason() {
            return disconnectReason;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof DisconnectContext that && super.equals(that)
                    && disconnectStatusCode == that.disconnectStatusCode
                    && java.util.Objects.equals(disconnectReason, that.disconnectReason);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(super.hashCode(), disconnectStatusCode, disconnectReason);
        }
    }

    /** Headers as sent (first value in {@code headers}, all in {@code multiValueHeaders}), and the query's. */
    APIGatewayV2WebSocketEvent connect(Caller caller, Map<String, List<String>> headers,
                                       Map<String, List<String>> query, String requestId, Instant now) {
        var event = event(caller, new APIGatewayV2WebSocketEvent.RequestContext(), "$connect", "CONNECT", requestId,
                now);
        event.setHeaders(firstValues(headers));
        event.setMultiValueHeaders(headers.isEmpty() ? null : headers);
        event.setQueryStringParameters(firstValues(query));
        event.setMultiValueQueryStringParameters(query.isEmpty() ? null : query);
        return event;
    }

    APIGatewayV2WebSocketEvent message(Caller caller, String routeKey, String body, boolean base64, String requestId,
                                       Instant now) {
        var event = event(caller, new APIGatewayV2WebSocketEvent.RequestContext(), routeKey, "MESSAGE", requestId,
                now);
        event.getRequestContext().setMessageId(requestId);
        event.setBody(body);
        event.setIsBase64Encoded(base64);
        return event;
    }

    APIGatewayV2WebSocketEvent disconnect(Caller caller, int statusCode, String reason, String requestId,
                                          Instant now) {
        var context = new DisconnectContext();
        context.disconnectStatusCode = statusCode;
        context.disconnectReason = reason == null ? "" : reason;
        return event(caller, context, "$disconnect", "DISCONNECT", requestId, now);
    }

    private APIGatewayV2WebSocketEvent event(Caller caller, APIGatewayV2WebSocketEvent.RequestContext context,
                                             String routeKey, String eventType, String requestId, Instant now) {
        var identity = new APIGatewayV2WebSocketEvent.RequestIdentity();
        identity.setSourceIp(caller.sourceIp());
        identity.setUserAgent(caller.userAgent());
        context.setIdentity(identity);
        context.setRouteKey(routeKey);
        context.setEventType(eventType);
        context.setConnectionId(caller.connectionId());
        context.setConnectedAt(caller.connectedAt().toEpochMilli());
        context.setRequestId(requestId);
        context.setExtendedRequestId(requestId);
        context.setApiId(apiId);
        context.setStage(stage);
        context.setDomainName(caller.domainName());
        context.setMessageDirection("IN");
        context.setRequestTime(REQUEST_TIME.format(now));
        context.setRequestTimeEpoch(now.toEpochMilli());
        var event = new APIGatewayV2WebSocketEvent();
        event.setRequestContext(context);
        event.setIsBase64Encoded(false);
        return event;
    }

    private static Map<String, String> firstValues(Map<String, List<String>> values) {
        if (values.isEmpty()) {
            return null;
        }
        var first = new LinkedHashMap<String, String>();
        values.forEach((name, all) -> first.put(name, all.get(0)));
        return first;
    }
}
