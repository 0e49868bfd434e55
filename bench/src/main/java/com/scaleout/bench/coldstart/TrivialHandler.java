package com.scaleout.bench.coldstart;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.Map;

/**
 * The cold-start benchmark's baseline: an HTTP function that touches nothing and answers a fixed JSON body. What a
 * function's start costs beyond this is its own (clients, libraries, its first calls).
 */
public final class TrivialHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(200)
                .withHeaders(Map.of("content-type", "application/json"))
                .withBody("{\"ok\":true}").build();
    }
}
