package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test function that keeps its execution environment busy until the test lets go: {@code ?hold=<name>} waits on
 * the {@link Hold} of that name, so a test can see how many invocations run at once without timing anything.
 */
public final class HoldingHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private static final Map<String, Hold> HOLDS = new ConcurrentHashMap<>();

    /** A hold of a fresh name, for one test. */
    public static Hold newHold() {
        String name = UUID.randomUUID().toString();
        return HOLDS.computeIfAbsent(name, Hold::new);
    }

    /** Invocations waiting on one name until it is released; a released hold lets every invocation through. */
    public static final class Hold {
        private final String name;
        private final AtomicInteger held = new AtomicInteger();
        private final CountDownLatch released = new CountDownLatch(1);

        private Hold(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        /** How many invocations are waiting on it now. */
        public int held() {
            return held.get();
        }

        public void release() {
            released.countDown();
        }

        void await() throws InterruptedException {
            held.incrementAndGet();
            try {
                // bounded: a test that fails before releasing must not leave invocations waiting for good
                released.await(60, TimeUnit.SECONDS);
            } finally {
                held.decrementAndGet();
            }
        }
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        Map<String, String> query = event.getQueryStringParameters() == null ? Map.of()
                : event.getQueryStringParameters();
        Hold hold = HOLDS.get(query.getOrDefault("hold", ""));
        if (hold != null) {
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return APIGatewayV2HTTPResponse.builder().withStatusCode(200)
                .withHeaders(Map.of("content-type", "application/json")).withBody("{}").build();
    }
}
