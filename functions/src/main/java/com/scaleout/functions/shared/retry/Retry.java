package com.scaleout.functions.shared.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * The one retry loop: an attempt is repeated while it fails in a way a later attempt can get past (an exception
 * the caller names, or an outcome it does not accept yet), waiting between attempts as a {@link BackoffStrategy}
 * says, for at most a number of attempts and never waiting past a deadline: the call's budget from its start, or
 * one the caller passes (a request's). For what the SDK's own retries do not cover: cancelled transactions,
 * unprocessed batch items, lost races, and calls whose every attempt may time out on a busy backend.
 *
 * <p>Immutable and thread-safe: a caller keeps one, built once, and tests derive one with their own clock and
 * sleeper.
 */
public final class Retry {
    /** Waits between attempts; tests pass one that does not really wait. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final BackoffStrategy backoff;
    private final int maxAttempts;
    private final Optional<Duration> budget;
    private final Clock clock;
    private final Sleeper sleeper;

    private Retry(BackoffStrategy backoff, int maxAttempts, Optional<Duration> budget, Clock clock,
                  Sleeper sleeper) {
        this.backoff = backoff;
        this.maxAttempts = maxAttempts;
        this.budget = budget;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Retries waiting as {@code backoff} says, with no limit yet, on the system clock, sleeping for real. */
    public static Retry on(BackoffStrategy backoff) {
        return new Retry(backoff, Integer.MAX_VALUE, Optional.empty(), Clock.systemUTC(), Thread::sleep);
    }

    /** Exponential backoff with full jitter from {@code base} up to {@code ceiling}, within {@code budget}. */
    public static Retry exponential(Duration base, Duration ceiling, Duration budget) {
        return on(Jitter.full(base, ceiling)).within(budget);
    }

    /** At most this many attempts in all, the first included. */
    public Retry atMost(int attempts) {
        if (attempts < 1) {
            throw new IllegalArgumentException("at least one attempt, was " + attempts);
        }
        return new Retry(backoff, attempts, budget, clock, sleeper);
    }

    /** No wait ends later than {@code callBudget} after the call's first attempt started. */
    public Retry within(Duration callBudget) {
        return new Retry(backoff, maxAttempts, Optional.of(callBudget), clock, sleeper);
    }

    public Retry withClock(Clock otherClock) {
        return new Retry(backoff, maxAttempts, budget, otherClock, sleeper);
    }

    public Retry withSleeper(Sleeper otherSleeper) {
        return new Retry(backoff, maxAttempts, budget, clock, otherSleeper);
    }

    /**
     * Runs {@code attempt}; a failure that {@code retryable} accepts is retried while attempts and time are left,
     * and rethrown (the last one) when they are not. Any other failure is rethrown at once.
     */
    public <T> T call(Supplier<T> attempt, Predicate<? super RuntimeException> retryable) {
        return call(attempt, retryable, Instant.MAX);
    }

    /** As {@link #call(Supplier, Predicate)}, also never waiting past {@code deadline}. */
    public <T> T call(Supplier<T> attempt, Predicate<? super RuntimeException> retryable, Instant deadline) {
        return run(attempt, outcome -> true, retryable, deadline);
    }

    /**
     * Runs {@code attempt} until {@code done} accepts its outcome or attempts or time run out; returns the last
     * outcome either way, so the caller decides what an unfinished one means. Failures are not retried.
     */
    public <T> T until(Supplier<T> attempt, Predicate<? super T> done) {
        return run(attempt, done, failure -> false, Instant.MAX);
    }

    /**
     * Hands {@code work} to {@code attempt}, then what it left over, until {@code finished} accepts what is left or
     * attempts or time run out; returns what is left. For the unprocessed items of a batch call.
     */
    public <T> T drain(T work, UnaryOperator<T> attempt, Predicate<? super T> finished) {
        var left = new Object() {
            T value = work;
        };
        return until(() -> left.value = attempt.apply(left.value), finished);
    }

    private <T> T run(Supplier<T> attempt, Predicate<? super T> done, Predicate<? super RuntimeException> retryable,
                      Instant deadline) {
        Instant lastWaitEnd = budget.map(clock.instant()::plus).filter(deadline::isAfter).orElse(deadline);
        for (int number = 1; ; number++) {
            T outcome;
            try {
                outcome = attempt.get();
            } catch (RuntimeException failure) {
                if (!retryable.test(failure)) {
                    throw failure;
                }
                try {
                    if (!waitedBefore(number + 1, lastWaitEnd)) {
                        throw failure;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure.addSuppressed(e);
                    throw failure;
                }
                continue;
            }
            try {
                if (done.test(outcome) || !waitedBefore(number + 1, lastWaitEnd)) {
                    return outcome;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the caller sees an unfinished outcome and the flag
                return outcome;
            }
        }
    }

    /** Waits before attempt {@code number}, unless there is none or the wait would end past {@code lastWaitEnd}. */
    private boolean waitedBefore(int number, Instant lastWaitEnd) throws InterruptedException {
        if (number > maxAttempts) {
            return false;
        }
        Duration wait = backoff.computeDelay(number);
        if (clock.instant().plus(wait).isAfter(lastWaitEnd)) {
            return false;
        }
        sleeper.sleep(wait);
        return true;
    }
}
