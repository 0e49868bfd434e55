package com.scaleout.functions.shared.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.List;
import java.util.Map;

/** Maps outcomes to HTTP API v2 responses, so that every handler answers in the same shape. */
public final class HttpResponses {

    private HttpResponses() {
    }

    public static APIGatewayV2HTTPResponse json(int status, Object body) {
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status)
                .withHeaders(new java.util.HashMap<>(Map.of("content-type", "application/json")))
                .withBody(Json.write(body))
                .withIsBase64Encoded(false)
                .build();
    }

    public static APIGatewayV2HTTPResponse error(int status, String message, String requestId) {
        return json(status, new ErrorBody(message, null, requestId));
    }

    public static APIGatewayV2HTTPResponse validationError(List<ErrorBody.FieldError> errors, String requestId) {
        return json(400, new ErrorBody("Invalid request", errors, requestId));
    }

    public static APIGatewayV2HTTPResponse noContent() {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(204).withIsBase64Encoded(false).build();
    }

    /** A fixed body: the cause goes to the log, never to the client. */
    public static APIGatewayV2HTTPResponse internalError(String requestId) {
        return error(500, "Internal Server Error", requestId);
    }
}
