package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.json.Json;
import java.util.List;
import java.util.Map;

/**
 * Test function: answers with the event it received (as JSON), or — on {@code /binary} routes — with the request
 * body itself, base64 in and base64 out, to prove a binary round trip.
 */
public final class EchoHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        if (event.getRawPath().startsWith("/binary")) {
            return APIGatewayV2HTTPResponse.builder()
                    .withStatusCode(200)
                    .withHeaders(Map.of("content-type", "application/octet-stream",
                            "x-was-base64", String.valueOf(event.getIsBase64Encoded())))
                    .withBody(event.getBody())
                    .withIsBase64Encoded(event.getIsBase64Encoded())
                    .build();
        }
        var response = APIGatewayV2HTTPResponse.builder()
                .withStatusCode(200)
                .withHeaders(Map.of("content-type", "application/json"))
                .withMultiValueHeaders(Map.of("x-multi", List.of("one", "two")))
                .withBody(Json.write(Map.of("event", event, "remainingMillis", context.getRemainingTimeInMillis(),
                        "functionName", context.getFunctionName(), "memoryMb", context.getMemoryLimitInMB())))
                .build();
        response.setCookies(List.of("session=abc; Path=/; HttpOnly"));
        return response;
    }
}
