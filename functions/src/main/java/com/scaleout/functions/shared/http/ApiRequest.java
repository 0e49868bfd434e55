package com.scaleout.functions.shared.http;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/** Read access to an HTTP API v2 event, in the terms handlers need, with 4xx for what the client got wrong. */
public final class ApiRequest {
    /** Keys the authorizer puts in its context (read by handlers, written by the authorizer). */
    public static final String CONTEXT_USER_ID = "userId";
    public static final String CONTEXT_USERNAME = "username";
    public static final String CONTEXT_SESSION_ID = "sessionId";
    /**
     * Set instead of a session by an authorizer that lets a request through only so that the handler can refuse it
     * (401) with this text: API Gateway's own answer to a denial is a fixed 403 that cannot say what to send.
     */
    public static final String CONTEXT_REFUSAL = "refusal";

    /** When no Lambda context says otherwise (tests): API Gateway's own integration limit is 30 s. */
    private static final long DEFAULT_REMAINING_MILLIS = 29_000;

    private final APIGatewayV2HTTPEvent event;
    private final Instant deadline;

    public ApiRequest(APIGatewayV2HTTPEvent event) {
        this(event, null);
    }

    public ApiRequest(APIGatewayV2HTTPEvent event, Context context) {
        this.event = event;
        long remaining = context == null ? DEFAULT_REMAINING_MILLIS : context.getRemainingTimeInMillis();
        this.deadline = Instant.now().plusMillis(remaining);
    }

    /** When the function's invocation runs out of time: work must answer before it. */
    public Instant deadline() {
        return deadline;
    }

    public String routeKey() {
        return event.getRouteKey();
    }

    public String requestId() {
        return event.getRequestContext() == null ? null : event.getRequestContext().getRequestId();
    }

    /** The path as the client sent it, percent-encoding and all. */
    public String rawPath() {
        return event.getRawPath() == null ? "" : event.getRawPath();
    }

    /** The query string as the client sent it; empty when there is none. */
    public String rawQueryString() {
        return event.getRawQueryString() == null ? "" : event.getRawQueryString();
    }

    public String pathParameter(String name) {
        Map<String, String> parameters = event.getPathParameters();
        String value = parameters == null ? null : parameters.get(name);
        if (value == null || value.isEmpty()) {
            throw ApiException.invalidField(name, "is required in the path");
        }
        return value;
    }

    public Optional<String> query(String name) {
        Map<String, String> parameters = event.getQueryStringParameters();
        return Optional.ofNullable(parameters == null ? null : parameters.get(name));
    }

    /** The caller's address as API Gateway saw it (the TCP peer, not a header the caller could set), if known. */
    public Optional<String> sourceIp() {
        var context = event.getRequestContext();
        return context == null || context.getHttp() == null ? Optional.empty()
                : Optional.ofNullable(context.getHttp().getSourceIp());
    }

    /** A header by its lower-case name (payload 2.0 lower-cases them). */
    public String header(String name) {
        Map<String, String> headers = event.getHeaders();
        return headers == null ? null : headers.get(name);
    }

    /** The body as API Gateway sent it: text, or base64 when {@link #isBase64Encoded()}. */
    public String rawBody() {
        return event.getBody();
    }

    public boolean isBase64Encoded() {
        return event.getIsBase64Encoded();
    }

    /** The body's bytes, base64-decoded when API Gateway encoded it; empty when there is none. */
    public byte[] bodyBytes() {
        String body = event.getBody();
        if (body == null) {
            return new byte[0];
        }
        if (!event.getIsBase64Encoded()) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("Body is not valid base64");
        }
    }

    public String body() {
        String body = event.getBody();
        if (body != null && event.getIsBase64Encoded()) {
            try {
                return new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("Body is not valid base64");
            }
        }
        return body;
    }

    public <T> T body(Class<T> type) {
        return RequestJson.read(body(), type);
    }

    /** A value the route's authorizer put in its context, if the route has one and it did. */
    public Optional<String> authorizerValue(String key) {
        var context = event.getRequestContext();
        if (context == null || context.getAuthorizer() == null || context.getAuthorizer().getLambda() == null) {
            return Optional.empty();
        }
        Object value = context.getAuthorizer().getLambda().get(key);
        return value == null ? Optional.empty() : Optional.of(value.toString());
    }
}
