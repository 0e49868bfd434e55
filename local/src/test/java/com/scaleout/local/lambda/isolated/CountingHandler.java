package com.scaleout.local.lambda.isolated;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test function run from a jar the test builds: counts its invocations in a static field and answers the count. With
 * {@code ?hold=<key>} it first waits on the latch the test put in the JVM's system properties under that key (a JDK
 * object, which every class loader sees), so that the test can keep its environment busy.
 */
public final class CountingHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private static final AtomicInteger INVOCATIONS = new AtomicInteger();

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        int count = INVOCATIONS.incrementAndGet();
        var query = event.getQueryStringParameters();
        if (query != null && query.containsKey("hold")) {
            var latch = (CountDownLatch) System.getProperties().get(query.get("hold"));
            try {
                if (!latch.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return APIGatewayV2HTTPResponse.builder().withStatusCode(200).withBody(Integer.toString(count)).build();
    }
}
