package com.scaleout.functions.shared.retry;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * A call retried on the SDK's {@link BackoffStrategy} while it fails in a way a later attempt can get past, until it
 * succeeds, fails for good, or the next wait would end past the budget. For calls the SDK's own retries do not cover:
 * ones whose every attempt may time out on a busy backend, or that must read back what a timed-out attempt did.
 */
public final class Retry {
    /** Waits between attempts; tests pass one that does not really wait. */
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final BackoffStrategy backoff;
    private final Duration budget;
    private final Sleeper sleeper;

    public Retry(BackoffStrategy backoff, Duration budget, Sleeper sleeper) {
        this.backoff = backoff;
        this.budget = budget;
        this.sleeper = sleeper;
    }

    /** Exponential backoff with full jitter from {@code base} up to {@code ceiling}, sleeping for real. */
    public static Retry exponential(Duration base, Duration ceiling, Duration budget) {
        return new Retry(BackoffStrategy.exponentialDelay(base, ceiling), budget, duration -> Thread.sleep(duration));
    }

    /**
     * Runs {@code call}; a failure that {@code retryable} accepts is retried after the backoff's wait. The budget
     * counts the waits (not the calls, which carry their own timeouts), so it bounds how long the retries add.
     */
    public <T> T call(Supplier<T> call, Predicate<RuntimeException> retryable) {
        Duration waited = Duration.ZERO;
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                Duration wait = backoff.computeDelay(attempt + 1); // the SDK numbers the attempt about to start
                if (!retryable.test(e) || waited.plus(wait).compareTo(budget) > 0) {
                    throw e;
                }
                waited = waited.plus(wait);
                pause(wait, e);
            }
        }
    }

    private void pause(Duration wait, RuntimeException failure) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.addSuppressed(e);
            throw failure;
        }
    }
}
