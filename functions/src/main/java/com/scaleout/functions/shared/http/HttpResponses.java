package com.scaleout.functions.shared.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.json.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps outcomes to HTTP API v2 responses, so that every handler answers in the same shape. Every response says
 * {@code X-Content-Type-Options: nosniff}: a browser must never take an API's JSON for a script or a page.
 */
public final class HttpResponses {
    private static final Map<String, String> EVERY_RESPONSE = Map.of("x-content-type-options", "nosniff");

    private HttpResponses() {
    }

    public static APIGatewayV2HTTPResponse json(int status, Object body) {
        var headers = new HashMap<>(EVERY_RESPONSE);
        headers.put("content-type", "application/json");
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status)
                .withHeaders(headers)
                .withBody(Json.write(body))
                .withIsBase64Encoded(false)
                .build();
    }

    /**
     * A body that carries a secret (a session token, an import key): {@code Cache-Control: no-store}, so that no
     * browser, proxy or CDN keeps a copy of it.
     */
    public static APIGatewayV2HTTPResponse secret(int status, Object body) {
        var response = json(status, body);
        response.getHeaders().put("cache-control", "no-store");
        return response;
    }

    public static APIGatewayV2HTTPResponse error(int status, String message, String requestId) {
        return json(status, new ErrorBody(message, null, requestId));
    }

    public static APIGatewayV2HTTPResponse validationError(List<ErrorBody.FieldError> errors, String requestId) {
        return json(400, new ErrorBody("Invalid request", errors, requestId));
    }

    public static APIGatewayV2HTTPResponse noContent() {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(204).withHeaders(new HashMap<>(EVERY_RESPONSE))
                .withIsBase64Encoded(false).build();
    }

    /** A fixed body: the cause goes to the log, never to the client. */
    public static APIGatewayV2HTTPResponse internalError(String requestId) {
        return error(500, "Internal Server Error", requestId);
    }
}
