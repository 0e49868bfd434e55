package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.testing.HoldingHandler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Environments warm up one permit at a time: a first invocation that keeps its core busy makes the next invocation
 * wait for a permit or a warm environment; one that waits gives its permit back. The CPU clock is the test's, so
 * that "busy" and "waiting" do not depend on how busy the machine is.
 */
class ColdStartPermitsTest {
    private static final FunctionSpec HOLDING = FunctionSpec.of("Holding", HoldingHandler.class.getName())
            .timeoutSeconds(60);
    /** A thread that used a whole core all along. */
    private static final ColdStartPermits.CpuClock BUSY = thread -> System.nanoTime();
    /** A thread that used no CPU at all. */
    private static final ColdStartPermits.CpuClock WAITING = thread -> 0;

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void close() {
        callers.shutdownNow();
    }

    @Test
    void whileABusyWarmUpHoldsTheOnlyPermitTheNextInvocationWaitsAndTakesItsEnvironmentWarm() throws Exception {
        try (var pool = pool(new ColdStartPermits(1, Duration.ofMinutes(1), BUSY))) {
            var first = HoldingHandler.newHold();
            var warmingUp = invoke(pool, first);
            await().atMost(Duration.ofSeconds(30)).until(() -> first.held() == 1);
            var second = HoldingHandler.newHold();
            second.release();
            var waiting = invoke(pool, second);

            await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                    .until(() -> !waiting.isDone() && pool.environments() == 1);
            first.release();

            assertServed(warmingUp, waiting);
            assertThat(pool.coldStarts()).as("the second invocation took the first one's environment").isEqualTo(1);
        }
    }

    @Test
    void aWarmUpThatWaitsGivesItsPermitBackSoParallelInvocationsEachGetAnEnvironment() throws Exception {
        try (var pool = pool(new ColdStartPermits(1, Duration.ofMinutes(1), WAITING))) {
            var hold = HoldingHandler.newHold();
            var calls = List.of(invoke(pool, hold), invoke(pool, hold), invoke(pool, hold));

            await().atMost(Duration.ofSeconds(30)).until(() -> hold.held() == 3);
            hold.release();

            assertServed(calls.toArray(Future[]::new));
            assertThat(pool.coldStarts()).isEqualTo(3);
        }
    }

    @Test
    void aBusyWarmUpGivesItsPermitBackAfterTheLongestHold() throws Exception {
        try (var pool = pool(new ColdStartPermits(1, Duration.ofMillis(300), BUSY))) {
            var hold = HoldingHandler.newHold();
            var calls = List.of(invoke(pool, hold), invoke(pool, hold));

            await().atMost(Duration.ofSeconds(30)).until(() -> hold.held() == 2);
            hold.release();

            assertServed(calls.toArray(Future[]::new));
            assertThat(pool.coldStarts()).isEqualTo(2);
        }
    }

    private static FunctionPool pool(ColdStartPermits permits) {
        return new FunctionPool(HOLDING, FunctionCode.shared(),
                AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(HOLDING)), ScalingRate.lambdas(),
                InvocationListener.NONE, permits);
    }

    private Future<Object> invoke(FunctionPool pool, HoldingHandler.Hold hold) {
        var event = APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("hold", hold.name())).build();
        return callers.submit(() -> pool.invoke(event));
    }

    @SafeVarargs
    private static void assertServed(Future<Object>... calls) throws Exception {
        for (var call : calls) {
            assertThat(((APIGatewayV2HTTPResponse) call.get(60, TimeUnit.SECONDS)).getStatusCode()).isEqualTo(200);
        }
    }
}
