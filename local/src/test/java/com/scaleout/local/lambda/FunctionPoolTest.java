package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.testing.HoldingHandler;
import com.scaleout.local.testing.SlowHandler;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FunctionPoolTest {
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final FunctionPool pool = new FunctionPool(
            FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(1).reservedConcurrency(3),
            FunctionCode.shared());

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

    @Test
    void withoutAReservationItScalesPastTheOldPoolOfTenUpToTheAccountLimit() throws Exception {
        var account = AccountConcurrency.of(30, List.of(HOLDING));
        try (var holding = new FunctionPool(HOLDING, FunctionCode.shared(), account, ScalingRate.lambdas())) {
            var hold = HoldingHandler.newHold();
            var calls = invokeConcurrently(holding, hold, 30);
            awaitHeld(hold, 30);

            assertThrottled(holding, "account concurrency limit of 30 (30 unreserved) reached");
            hold.release();
            assertAllServed(calls);
            assertThat(holding.coldStarts()).isEqualTo(30);
            assertThat(account.running(HOLDING.name())).as("every execution given back").isZero();
        }
    }

    @Test
    void functionsWithoutReservationShareTheAccountLimitAndAReservationIsKeptApart() throws Exception {
        var other = FunctionSpec.of("Other", HoldingHandler.class.getName()).timeoutSeconds(60);
        var reserved = FunctionSpec.of("Reserved", HoldingHandler.class.getName()).timeoutSeconds(60)
                .reservedConcurrency(2);
        var account = AccountConcurrency.of(20, List.of(HOLDING, other, reserved));
        var loader = FunctionCode.shared();
        try (var holding = new FunctionPool(HOLDING, loader, account, ScalingRate.lambdas());
             var second = new FunctionPool(other, loader, account, ScalingRate.lambdas());
             var reserving = new FunctionPool(reserved, loader, account, ScalingRate.lambdas())) {
            var hold = HoldingHandler.newHold();
            var calls = new ArrayList<>(invokeConcurrently(holding, hold, 15));
            awaitHeld(hold, 15);
            calls.addAll(invokeConcurrently(second, hold, 3));
            awaitHeld(hold, 18);

            assertThrottled(second, "account concurrency limit of 20 (18 unreserved) reached");
            calls.addAll(invokeConcurrently(reserving, hold, 2));
            awaitHeld(hold, 20);
            assertThrottled(reserving, "reserved concurrency of 2 reached");
            hold.release();
            assertAllServed(calls);
        }
    }

    @Test
    void coldStartsFasterThanTheScalingRateAreThrottledWhileWarmEnvironmentsAreReused() throws Exception {
        var now = new AtomicReference<>(Instant.parse("2026-12-01T10:00:00Z"));
        var twoPerTenSeconds = new ScalingRate(2, Duration.ofSeconds(10), now::get);
        var account = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(HOLDING));
        try (var holding = new FunctionPool(HOLDING, FunctionCode.shared(), account, twoPerTenSeconds)) {
            var first = HoldingHandler.newHold();
            var calls = invokeConcurrently(holding, first, 2);
            awaitHeld(first, 2);
            assertThrottled(holding, "scaling faster than 2 new environments per 10.0 s");
            first.release();
            assertAllServed(calls);

            var second = HoldingHandler.newHold();
            var warm = invokeConcurrently(holding, second, 2);
            awaitHeld(second, 2);
            assertThat(holding.coldStarts()).as("both reused warm").isEqualTo(2);
            assertThrottled(holding, "scaling faster");
            now.updateAndGet(instant -> instant.plusSeconds(5)); // half a period: one more environment
            var third = invokeConcurrently(holding, second, 1);
            awaitHeld(second, 3);
            second.release();
            assertAllServed(warm);
            assertAllServed(third);
            assertThat(holding.coldStarts()).isEqualTo(3);
        }
    }

    private static final FunctionSpec HOLDING = FunctionSpec.of("Holding", HoldingHandler.class.getName())
            .timeoutSeconds(60);

    private List<Future<Object>> invokeConcurrently(FunctionPool function, HoldingHandler.Hold hold, int calls) {
        var event = APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("hold", hold.name())).build();
        var futures = new ArrayList<Future<Object>>();
        for (int i = 0; i < calls; i++) {
            futures.add(callers.submit(() -> function.invoke(event)));
        }
        return futures;
    }

    private static void awaitHeld(HoldingHandler.Hold hold, int invocations) {
        await().atMost(Duration.ofSeconds(60)).until(() -> hold.held() == invocations);
    }

    /** A call that would start at once: throttled, or it would return (the hold it names is released). */
    private static void assertThrottled(FunctionPool function, String why) {
        var released = HoldingHandler.newHold();
        released.release();
        var event = APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("hold", released.name())).build();
        assertThatThrownBy(() -> function.invoke(event))
                .isInstanceOfSatisfying(InvocationException.class,
                        e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.THROTTLED))
                .hasMessageContaining(why);
    }

    private static void assertAllServed(List<Future<Object>> calls) throws Exception {
        for (var call : calls) {
            assertThat(((APIGatewayV2HTTPResponse) call.get(60, TimeUnit.SECONDS)).getStatusCode()).isEqualTo(200);
        }
    }

    private void awaitEnvironments(int expected) {
        await().atMost(Duration.ofSeconds(30)).until(() -> pool.environments() == expected);
    }
}
