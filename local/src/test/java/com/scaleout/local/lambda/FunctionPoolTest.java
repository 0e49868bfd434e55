package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.testing.SlowHandler;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FunctionPoolTest {
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final FunctionPool pool = new FunctionPool(
            FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(1).concurrency(3),
            getClass().getClassLoader());

    @AfterEach
    void close() {
        pool.close();
        callers.shutdownNow();
    }

    private static APIGatewayV2HTTPEvent sleeping(long millis) {
        return APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("ms", String.valueOf(millis)))
                .build();
    }

    @Test
    void sequentialInvocationsReuseOneWarmEnvironment() throws Exception {
        for (int i = 0; i < 5; i++) {
            var response = (APIGatewayV2HTTPResponse) pool.invoke(sleeping(0));
            assertThat(response.getStatusCode()).isEqualTo(200);
        }

        assertThat(pool.coldStarts()).isEqualTo(1);
        assertThat(pool.environments()).isEqualTo(1);
    }

    @Test
    void parallelInvocationsEachGetAnEnvironmentUpToTheConcurrencyThenThrottle() throws Exception {
        var started = new CountDownLatch(3);
        var inFlight = new ArrayList<Future<Object>>();
        for (int i = 0; i < 3; i++) {
            inFlight.add(callers.submit(() -> {
                started.countDown();
                return pool.invoke(sleeping(700));
            }));
        }
        started.await();
        // all three environments are busy (or being created): a fourth call must be throttled
        awaitEnvironments(3);

        assertThatThrownBy(() -> pool.invoke(sleeping(0)))
                .isInstanceOfSatisfying(InvocationException.class,
                        e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.THROTTLED));
        for (var call : inFlight) {
            assertThat(((APIGatewayV2HTTPResponse) call.get()).getStatusCode()).isEqualTo(200);
        }
        assertThat(pool.coldStarts()).isEqualTo(3);
        pool.invoke(sleeping(0));
        assertThat(pool.coldStarts()).as("a free warm environment is reused").isEqualTo(3);
    }

    @Test
    void aTimedOutEnvironmentIsDiscardedAndReplacedByAColdOne() throws Exception {
        pool.invoke(sleeping(0));

        assertThatThrownBy(() -> pool.invoke(sleeping(3000)))
                .isInstanceOfSatisfying(InvocationException.class,
                        e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.TIMEOUT));
        // the slot frees once the abandoned invocation has really stopped (SlowHandler honours the interrupt)
        awaitEnvironments(0);
        pool.invoke(sleeping(0));
        assertThat(pool.coldStarts()).isEqualTo(2);
    }

    @Test
    void aThrowingHandlerIsAFunctionErrorAndItsEnvironmentStaysWarm() throws Exception {
        var failing = APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("fail", "true")).build();

        assertThatThrownBy(() -> pool.invoke(failing))
                .isInstanceOfSatisfying(InvocationException.class,
                        e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.FUNCTION_ERROR));
        pool.invoke(sleeping(0));
        assertThat(pool.coldStarts()).isEqualTo(1);
    }

    private void awaitEnvironments(int expected) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 5000;
        while (pool.environments() != expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertThat(pool.environments()).isEqualTo(expected);
    }
}
