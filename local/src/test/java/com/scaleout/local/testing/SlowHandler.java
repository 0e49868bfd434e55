package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test function that takes {@code ?ms=} milliseconds (to hold an execution environment busy or run past the
 * timeout), or throws on {@code ?fail=true}. Counts its instances, i.e. cold starts, and names the thread it ran on
 * ({@code x-thread}).
 */
public final class SlowHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    public static final AtomicInteger INSTANCES = new AtomicInteger();
    private final int instance = INSTANCES.incrementAndGet();

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        Map<String, String> query = event.getQueryStringParameters() == null ? Map.of()
                : event.getQueryStringParameters();
        if ("true".equals(query.get("fail"))) {
            throw new IllegalStateException("secret detail that must not reach the client");
        }
        long millis = Long.parseLong(query.getOrDefault("ms", "0"));
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(200)
                .withHeaders(Map.of("content-type", "application/json", "x-thread", Thread.currentThread().getName()))
                .withBody("{\"instance\":" + instance + "}")
                .build();
    }
}
