package com.scaleout.local.lambda;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * How fast one function may add execution environments: Lambda lets each function add 1,000 every 10 seconds
 * (https://docs.aws.amazon.com/lambda/latest/dg/scaling-behavior.html). Kept as a bucket of that many new
 * environments, refilled evenly over the period: a burst may take all of it at once, then the function grows at the
 * rate. Reusing a warm environment takes nothing from it.
 */
public final class ScalingRate {
    public static final int LAMBDA_ENVIRONMENTS = 1_000;
    public static final Duration LAMBDA_PERIOD = Duration.ofSeconds(10);

    private final int environments;
    private final Duration period;
    private final InstantSource clock;
    /** In environment-nanoseconds (an environment costs a period's nanoseconds), so that refills add up exactly. */
    private long allowance;
    private Instant refilled;

    public ScalingRate(int environments, Duration period, InstantSource clock) {
        if (environments < 1 || period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("a scaling rate needs environments and a period, was "
                    + environments + " per " + period);
        }
        this.environments = environments;
        this.period = period;
        this.clock = clock;
        this.allowance = full();
        this.refilled = clock.instant();
    }

    /** Lambda's rate, on the system clock. */
    public static ScalingRate lambdas() {
        return new ScalingRate(LAMBDA_ENVIRONMENTS, LAMBDA_PERIOD, InstantSource.system());
    }

    /** Takes one new environment from the allowance; false when the function is scaling faster than the rate. */
    public synchronized boolean tryAddEnvironment() {
        Instant now = clock.instant();
        if (now.isAfter(refilled)) {
            long elapsed = Math.min(Duration.between(refilled, now).toNanos(), period.toNanos());
            allowance = Math.min(full(), allowance + elapsed * environments);
            refilled = now;
        }
        if (allowance < period.toNanos()) {
            return false;
        }
        allowance -= period.toNanos();
        return true;
    }

    private long full() {
        return environments * period.toNanos();
    }

    @Override
    public String toString() {
        return environments + " new environments per " + period.toMillis() / 1000.0 + " s";
    }
}
