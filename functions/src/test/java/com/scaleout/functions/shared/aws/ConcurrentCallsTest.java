package com.scaleout.functions.shared.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Calls made at once, at most the bound in flight, results in the calls' order, the first failure thrown. */
class ConcurrentCallsTest {
    /** Generous: a latch that opens at all only opens when every call is in flight together. */
    private static final long BUDGET_SECONDS = 30;

    @Test
    void everyCallIsInFlightAtOnceAndTheResultsKeepTheCallsOrder() {
        var calls = new ConcurrentCalls("test", 8);
        var allInFlight = new CountDownLatch(8);
        var work = new ArrayList<Callable<Integer>>();
        for (int i = 0; i < 8; i++) {
            int n = i;
            work.add(() -> {
                allInFlight.countDown();
                assertThat(allInFlight.await(BUDGET_SECONDS, TimeUnit.SECONDS)).as("all 8 in flight").isTrue();
                return n;
            });
        }

        assertThat(calls.all(work)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void noMoreThanTheBoundAreInFlight() {
        var calls = new ConcurrentCalls("test", 3);
        var inFlight = new AtomicInteger();
        var most = new AtomicInteger();
        var boundReached = new CountDownLatch(3);
        var work = new ArrayList<Callable<Integer>>();
        for (int i = 0; i < 12; i++) {
            work.add(() -> {
                most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                boundReached.countDown();
                // the first three hold their places until all three are in: the others must wait for them
                boundReached.await(BUDGET_SECONDS, TimeUnit.SECONDS);
                inFlight.decrementAndGet();
                return 1;
            });
        }

        assertThat(calls.all(work)).hasSize(12);
        assertThat(most).hasValue(3);
    }

    @Test
    void theFirstFailureIsThrownAsItIs() {
        var calls = new ConcurrentCalls("test", 4);
        var failure = new IllegalArgumentException("shard down");
        List<Callable<Integer>> work = List.of(() -> 1, () -> {
            throw failure;
        }, () -> 3);

        assertThatThrownBy(() -> calls.all(work)).isSameAs(failure);
    }

    @Test
    void aCheckedFailureIsWrapped() {
        var calls = new ConcurrentCalls("test", 1);
        List<Callable<Integer>> work = List.of(() -> {
            throw new java.io.IOException("no socket");
        });

        assertThatThrownBy(() -> calls.all(work)).isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(java.io.IOException.class);
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThatThrownBy(() -> new ConcurrentCalls("test", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
