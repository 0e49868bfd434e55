package com.scaleout.functions.shared.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/** The one retry loop, on a settable clock whose sleeper only moves it forward. */
class RetryTest {
    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");

    private final SettableClock clock = new SettableClock(START);
    private final List<Duration> waits = new ArrayList<>();
    private final AtomicInteger attempts = new AtomicInteger();
    private final Retry retry = Retry.on(BackoffStrategy.exponentialDelayWithoutJitter(
                    Duration.ofMillis(100), Duration.ofSeconds(1)))
            .withClock(clock)
            .withSleeper(wait -> {
                waits.add(wait);
                clock.advance(wait);
            });

    @Test
    void aRetryableFailureIsRetriedWithTheStrategysWaitsUntilTheAttemptSucceeds() {
        String answer = retry.call(() -> failTimes(3, "stored"), Busy.class::isInstance);

        assertThat(answer).isEqualTo("stored");
        assertThat(waits).as("the SDK numbers the attempt about to start: the second waits the base")
                .containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400));
    }

    @Test
    void anyOtherFailureIsThrownAtOnce() {
        assertThatThrownBy(() -> retry.call(() -> {
            attempts.incrementAndGet();
            throw new IllegalArgumentException("bad request");
        }, Busy.class::isInstance)).isInstanceOf(IllegalArgumentException.class);

        assertThat(attempts).hasValue(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void theLastFailureIsThrownOnceTheAttemptsAreSpent() {
        assertThatThrownBy(() -> retry.atMost(4).call(() -> failTimes(10, "never"), Busy.class::isInstance))
                .isInstanceOf(Busy.class).hasMessage("busy 4");

        assertThat(attempts).hasValue(4);
        assertThat(waits).hasSize(3);
    }

    @Test
    void noWaitEndsPastTheCallersDeadline() {
        Instant deadline = START.plusMillis(1_000);

        assertThatThrownBy(() -> retry.call(() -> failTimes(10, "never"), Busy.class::isInstance, deadline))
                .isInstanceOf(Busy.class);

        // 100 + 200 + 400 ends at 700 ms; the next 800 would end at 1.5 s
        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400));
        assertThat(clock.instant()).isBefore(deadline);
    }

    @Test
    void theBudgetCountsFromTheFirstAttemptsStartAndIncludesTheAttemptsThemselves() {
        Retry budgeted = retry.within(Duration.ofSeconds(2));

        assertThatThrownBy(() -> budgeted.call(() -> {
            clock.advance(Duration.ofMillis(500)); // a slow attempt
            return failTimes(10, "never");
        }, Busy.class::isInstance)).isInstanceOf(Busy.class);

        // attempts start at 0, 0.6 and 1.3 s; after the third (1.8 s) a 400 ms wait would end past 2 s
        assertThat(attempts).hasValue(3);
        assertThat(clock.instant()).isBefore(START.plusSeconds(2));
    }

    @Test
    void theEarlierOfBudgetAndDeadlineBinds() {
        assertThatThrownBy(() -> retry.within(Duration.ofSeconds(60))
                .call(() -> failTimes(10, "never"), Busy.class::isInstance, START.plusMillis(350)))
                .isInstanceOf(Busy.class);

        assertThat(waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    }

    @Test
    void anOutcomeIsRetriedUntilItIsAcceptedAndTheLastOneIsReturnedWhenAttemptsRunOut() {
        assertThat(retry.until(attempts::incrementAndGet, count -> count == 3)).isEqualTo(3);
        attempts.set(0);

        assertThat(retry.atMost(5).until(attempts::incrementAndGet, count -> false))
                .as("not accepted, but the caller decides what that means").isEqualTo(5);
        assertThat(waits).hasSize(2 + 4);
    }

    @Test
    void drainHandsWhatIsLeftOverToTheNextAttempt() {
        List<Integer> seen = new ArrayList<>();

        int left = retry.drain(5, work -> {
            seen.add(work);
            return work / 2;
        }, work -> work == 0);

        assertThat(left).isZero();
        assertThat(seen).containsExactly(5, 2, 1);
        assertThat(waits).hasSize(2);
    }

    @Test
    void anInterruptedWaitEndsTheRetriesWithTheFailureAndKeepsTheFlag() {
        Retry interrupted = retry.withSleeper(wait -> {
            throw new InterruptedException("shutting down");
        });
        try {
            assertThatThrownBy(() -> interrupted.call(() -> failTimes(10, "never"), Busy.class::isInstance))
                    .isInstanceOf(Busy.class)
                    .satisfies(failure -> assertThat(failure.getSuppressed()).hasOnlyElementsOfType(
                            InterruptedException.class));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(attempts).hasValue(1);
    }

    @Test
    void atLeastOneAttempt() {
        assertThatThrownBy(() -> retry.atMost(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private String failTimes(int failures, String answer) {
        int attempt = attempts.incrementAndGet();
        if (attempt <= failures) {
            throw new Busy("busy " + attempt);
        }
        return answer;
    }

    private static final class Busy extends RuntimeException {
        Busy(String message) {
            super(message);
        }
    }
}
