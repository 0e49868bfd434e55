package com.scaleout.functions.shared.idempotency;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** A response as it is kept for replay: status, headers and body, sealed with the request's own key. */
record StoredResponse(int status, Map<String, String> headers, String body, boolean base64) {
    /** Tells a client its answer is a replay (Stripe's header name). */
    static final String REPLAYED_HEADER = "idempotent-replayed";

    static StoredResponse of(APIGatewayV2HTTPResponse response) {
        return new StoredResponse(response.getStatusCode(),
                response.getHeaders() == null ? Map.of() : Map.copyOf(response.getHeaders()),
                response.getBody(), response.getIsBase64Encoded());
    }

    APIGatewayV2HTTPResponse replayed() {
        var replayHeaders = new HashMap<>(headers);
        replayHeaders.put(REPLAYED_HEADER, "true");
        return APIGatewayV2HTTPResponse.builder().withStatusCode(status).withHeaders(replayHeaders)
                .withBody(body).withIsBase64Encoded(base64).build();
    }

    byte[] seal(byte[] key) {
        try {
            return ResponseSeal.seal(key, Json.MAPPER.writeValueAsBytes(this));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a response always serializes", e);
        }
    }

    static StoredResponse open(byte[] key, byte[] sealed) {
        try {
            return Json.MAPPER.readValue(ResponseSeal.open(key, sealed), StoredResponse.class);
        } catch (IOException e) {
            throw new IllegalStateException("a stored response always parses", e);
        }
    }
}
