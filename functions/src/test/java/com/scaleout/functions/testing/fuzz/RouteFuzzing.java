package com.scaleout.functions.testing.fuzz;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The property every route's handler must hold, whatever the request: it answers (nothing escapes it), never with
 * a 5xx, and a refusal is a 4xx whose JSON body explains itself in {@code messageField} without a stack trace.
 */
public final class RouteFuzzing {
    /** A stack frame as Java prints it: {@code at com.example.Type.method(Type.java:42)}. */
    private static final Pattern STACK_FRAME = Pattern.compile("at [\\w$.]+\\([\\w$]+\\.java:\\d+\\)");

    private RouteFuzzing() {
    }

    /** Runs {@code input} as a request to one of {@code routeKeys} served by {@code handler}. */
    public static void exercise(RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler,
                                Set<String> routeKeys, byte[] input, String messageField) {
        APIGatewayV2HTTPEvent event = FuzzRequest.event(input, routeKeys);
        APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
        assertAnswersClientSafely(event, response, messageField, new String(input, StandardCharsets.UTF_8));
    }

    /** {@code request}: the request as text; a 4xx may quote it (a content type, a field), never a stack frame. */
    private static void assertAnswersClientSafely(APIGatewayV2HTTPEvent event, APIGatewayV2HTTPResponse response,
                                                  String messageField, String request) {
        String what = event.getRouteKey() + " answered " + response.getStatusCode() + " " + response.getBody();
        if (response.getStatusCode() < 200 || response.getStatusCode() >= 500) {
            throw new AssertionError("not a 2xx-4xx: " + what);
        }
        if (response.getStatusCode() < 400) {
            return;
        }
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(response.getBody());
        } catch (Exception notJson) {
            throw new AssertionError("a 4xx whose body is not JSON: " + what, notJson);
        }
        JsonNode message = body == null ? null : body.get(messageField);
        if (message == null || !message.isTextual() || message.asText().isBlank()) {
            throw new AssertionError("a 4xx without a \"" + messageField + "\": " + what);
        }
        var frames = STACK_FRAME.matcher(response.getBody());
        while (frames.find()) {
            if (!request.contains(frames.group())) {
                throw new AssertionError("a stack trace in a 4xx: " + what);
            }
        }
    }
}
