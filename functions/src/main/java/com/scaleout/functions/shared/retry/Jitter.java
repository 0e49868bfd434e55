package com.scaleout.functions.shared.retry;

import java.security.SecureRandom;
import java.time.Duration;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * The random part of a retry's wait. Drawn from {@link SecureRandom}, not {@code Random} or
 * {@code ThreadLocalRandom}: under SnapStart every environment restored from one snapshot resumes with the generator
 * state it held at the checkpoint, so their jitter would repeat in step and their retries would collide again.
 * Linux's default SecureRandom (NativePRNG) mixes fresh bytes of the kernel's generator, reseeded on restore, into
 * every draw. That is also why the strategies below draw here and take only the exponential ceiling from the SDK:
 * the SDK's own jittered strategies draw from {@code ThreadLocalRandom}.
 */
public final class Jitter {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Jitter() {
    }

    /** A wait from {@code origin} (inclusive) to {@code bound} (exclusive), in whatever unit the caller counts. */
    public static long between(long origin, long bound) {
        return RANDOM.nextLong(origin, bound);
    }

    /**
     * Full jitter: anywhere from nothing up to the SDK's exponential ceiling ({@code base} before the second attempt,
     * doubling to {@code max}), as {@link BackoffStrategy#exponentialDelay} does.
     */
    public static BackoffStrategy full(Duration base, Duration max) {
        BackoffStrategy ceiling = BackoffStrategy.exponentialDelayWithoutJitter(base, max);
        return attempt -> Duration.ofMillis(between(0, ceiling.computeDelay(attempt).toMillis() + 1));
    }

    /**
     * Equal jitter: half the SDK's exponential ceiling for sure, half at random, as
     * {@link BackoffStrategy#exponentialDelayHalfJitter} does; for a caller whose waits must add up to a minimum.
     */
    public static BackoffStrategy equal(Duration base, Duration max) {
        BackoffStrategy ceiling = BackoffStrategy.exponentialDelayWithoutJitter(base, max);
        return attempt -> {
            long half = ceiling.computeDelay(attempt).toMillis() / 2;
            return Duration.ofMillis(half + between(0, half + 1));
        };
    }
}
