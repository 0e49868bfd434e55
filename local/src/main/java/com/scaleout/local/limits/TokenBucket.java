package com.scaleout.local.limits;

import java.util.function.LongSupplier;

/**
 * The token bucket API Gateway throttles with: it holds up to {@code burst} tokens, refills at {@code ratePerSecond},
 * and each request takes one or is refused. Written here because the rate limiters at hand (resilience4j's) count
 * fixed periods instead, which admit twice the burst across a period boundary.
 */
public final class TokenBucket {
    private static final double NANOS_PER_SECOND = 1_000_000_000d;

    private final double ratePerSecond;
    private final int burst;
    private final LongSupplier nanoTime;
    private double tokens;
    private long refilledAt;

    public TokenBucket(double ratePerSecond, int burst, LongSupplier nanoTime) {
        this.ratePerSecond = ratePerSecond;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.tokens = burst; // a quiet route starts full, as the gateway's does
        this.refilledAt = nanoTime.getAsLong();
    }

    public synchronized boolean tryTake() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(burst, tokens + (now - refilledAt) / NANOS_PER_SECOND * ratePerSecond);
        refilledAt = now;
        if (tokens < 1) {
            return false;
        }
        tokens--;
        return true;
    }
}
