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
import java.util.HashSet;
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
    void everyInvocationOfAnEnvironmentRunsOnItsOneThreadAsInLambda() throws Exception {
        var threads = new HashSet<String>();
        for (int i = 0; i < 5; i++) {
            threads.add(((APIGatewayV2HTTPResponse) pool.invoke(sleeping(0))).getHeaders().get("x-thread"));
        }

        assertThat(threads).singleElement().asString().startsWith(FunctionPool.threadNamePrefix("Slow"));
    }

    @Test
    void anEventOverLambdasPayloadLimitIsRefusedBeforeAnyEnvironmentStarts() {
        var tooLarge = APIGatewayV2HTTPEvent.builder().withBody("x".repeat(InvocationPayload.MAX_REQUEST_BYTES)).build();

        assertThatThrownBy(() -> pool.invoke(tooLarge)).isInstanceOfSatisfying(InvocationException.class,
                e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.PAYLOAD_TOO_LARGE));
        assertThat(pool.coldStarts()).isZero();
    }

    @Test
    void aClosedPoolRunsNothingMore() throws Exception {
        pool.invoke(sleeping(0));
        pool.close();

        assertThatThrownBy(() -> pool.invoke(sleeping(0))).isInstanceOf(RuntimeException.class);
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

    /** Issue 46: under 50 callers every busy moment started another cold environment, each compiled apart. */
    @Test
    void pastItsEnvironmentCapAnInvocationWaitsForAWarmEnvironmentInsteadOfStartingAnother() throws Exception {
        var account = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(HOLDING));
        try (var capped = new FunctionPool(HOLDING, FunctionCode.shared(), account, ScalingRate.lambdas(),
                InvocationListener.NONE, ColdStartPermits.unbounded(), new EnvironmentCap(2))) {
            var first = HoldingHandler.newHold();
            var held = invokeConcurrently(capped, first, 2);
            awaitHeld(first, 2);
            var second = HoldingHandler.newHold();
            second.release();
            var waiting = invokeConcurrently(capped, second, 3);

            // waiting, neither throttled (done with an error) nor given a third environment (done: its hold is open)
            await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(10))
                    .until(() -> waiting.stream().noneMatch(Future::isDone) && capped.environments() == 2);
            first.release();
            assertAllServed(held);
            assertAllServed(waiting);
            assertThat(capped.coldStarts()).as("the two warm environments served the rest").isEqualTo(2);
        }
    }

    /**
     * Issue 46: the gateway invokes on virtual threads; waiting for an environment in {@code Object.wait} inside
     * {@code synchronized} left waiting virtual threads mounted on every carrier of a two-core machine, and the
     * invocations that would have freed an environment never returned (the whole stack then met the gateway's 30 s
     * timeout). With a monitor, rounds of 400 such callers stalled.
     */
    @Test
    void manyCallersOnVirtualThreadsWaitingForOneEnvironmentAreAllServed() throws Exception {
        var spec = FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(30);
        var account = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(spec));
        var virtualCallers = Executors.newVirtualThreadPerTaskExecutor();
        try (var capped = new FunctionPool(spec, FunctionCode.shared(), account, ScalingRate.lambdas(),
                InvocationListener.NONE, ColdStartPermits.unbounded(), new EnvironmentCap(1))) {
            for (int round = 0; round < 5; round++) {
                var calls = new ArrayList<Future<Object>>();
                for (int i = 0; i < 400; i++) {
                    calls.add(virtualCallers.submit(() -> capped.invoke(sleeping(1))));
                }
                assertAllServed(calls);
            }
            assertThat(capped.coldStarts()).isEqualTo(1);
        } finally {
            virtualCallers.shutdownNow(); // not close(): stuck callers would hold the test forever
        }
    }

    /**
     * Issue 46: an environment given back went to the pool, and the invocation it was signalled for had to win the
     * lock against newcomers; under 50 callers p50 stayed at 30-70 ms while p99 reached 0.6-4 s. A freed
     * environment now goes to the invocation that has waited longest, even when a newcomer asks at that moment.
     */
    @Test
    void aFreedEnvironmentGoesToTheInvocationThatWaitedLongestNotToANewcomer() throws Exception {
        var account = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(HOLDING));
        try (var capped = new FunctionPool(HOLDING, FunctionCode.shared(), account, ScalingRate.lambdas(),
                InvocationListener.NONE, ColdStartPermits.unbounded(), new EnvironmentCap(1))) {
            for (int round = 0; round < 10; round++) {
                var running = HoldingHandler.newHold();
                var waited = HoldingHandler.newHold();
                var newcomer = HoldingHandler.newHold();
                // the newcomer asks on the thread whose invocation gives the environment back, at that moment
                Future<Object> newcomerCall = callers.submit(() -> {
                    capped.invoke(holding(running));
                    return capped.invoke(holding(newcomer));
                });
                awaitHeld(running, 1);
                var waitedCall = invokeConcurrently(capped, waited, 1);
                await().atMost(Duration.ofSeconds(30)).until(() -> capped.waiting() == 1);
                running.release();

                await().atMost(Duration.ofSeconds(30)).until(() -> waited.held() + newcomer.held() == 1);
                assertThat(waited.held()).as("round %d: the environment went to the invocation that waited", round)
                        .isEqualTo(1);
                waited.release();
                newcomer.release();
                assertAllServed(waitedCall);
                assertAllServed(List.of(newcomerCall));
            }
            assertThat(capped.coldStarts()).isEqualTo(1);
        }
    }

    @Test
    void theCapIsMachineSizedLambdasOrANumber() {
        assertThat(EnvironmentCap.parse("machine").most())
                .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
        assertThat(EnvironmentCap.parse("lambda")).isEqualTo(EnvironmentCap.LAMBDA);
        assertThat(EnvironmentCap.parse(" 6 ").most()).isEqualTo(6);
        assertThatThrownBy(() -> EnvironmentCap.parse("many")).hasMessageContaining("machine, lambda or a number");
        assertThatThrownBy(() -> EnvironmentCap.parse("0")).isInstanceOf(IllegalArgumentException.class);
    }

    private static final FunctionSpec HOLDING = FunctionSpec.of("Holding", HoldingHandler.class.getName())
            .timeoutSeconds(60);

    private static APIGatewayV2HTTPEvent holding(HoldingHandler.Hold hold) {
        return APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("hold", hold.name())).build();
    }

    private List<Future<Object>> invokeConcurrently(FunctionPool function, HoldingHandler.Hold hold, int calls) {
        var event = holding(hold);
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
        assertThatThrownBy(() -> function.invoke(holding(released)))
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
