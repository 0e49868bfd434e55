package com.scaleout.local.websocket;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;

/**
 * API Gateway's route selection on {@code $request.body.action}: a JSON object's {@code action} naming a route
 * selects it; anything else (no such route, no action, a message that is not JSON) goes to {@code $default}. The
 * {@code $} routes are never selected by a message's action.
 */
final class RouteSelection {
    private RouteSelection() {
    }

    static String routeKey(WebSocketApiSpec api, String message) {
        return action(message)
                .filter(action -> !action.startsWith("$"))
                .filter(action -> api.route(action).isPresent())
                .orElse(WebSocketApiSpec.DEFAULT);
    }

    private static java.util.Optional<String> action(String message) {
        try {
            JsonNode json = Json.MAPPER.readTree(message);
            JsonNode action = json == null ? null : json.get("action");
            return action != null && action.isTextual() ? java.util.Optional.of(action.asText())
                    : java.util.Optional.empty();
        } catch (IOException notJson) {
            return java.util.Optional.empty();
        }
    }
}
