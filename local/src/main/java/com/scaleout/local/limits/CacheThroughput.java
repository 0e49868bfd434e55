package com.scaleout.local.limits;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The serverless cache's ECPU/s maximum ({@code CacheUsageLimits.ECPUPerSecond.Maximum}), scaled: past it ElastiCache
 * "begins throttling requests", holding them (its {@code ThrottledCmds} metric counts them) until the client gives
 * up. Kept in seconds of the cache's capacity, as {@link PartitionBucket} is: at most one second in hand, refilled
 * at one second per second. Each command reserves its ECPUs as it is sent (its request's, known then) and is told how
 * long to wait for them; the rest of its units (its reply's) are charged when it completes, so the rate served never
 * exceeds the maximum however many commands wait at once.
 */
public final class CacheThroughput {
    private static final double NANOS_PER_SECOND = 1_000_000_000d;

    private final String cache;
    private final double ecpusPerSecond;
    private final LongSupplier nanoTime;
    private final LongAdder held = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private double seconds = 1;
    private long refilledAt;

    /**
     * @param cache          the cache's name, in the throttle counts
     * @param ecpusPerSecond the maximum, already scaled
     */
    public CacheThroughput(String cache, double ecpusPerSecond, LongSupplier nanoTime) {
        if (!(ecpusPerSecond > 0)) {
            throw new IllegalArgumentException("the cache's ECPU/s maximum must be positive, was " + ecpusPerSecond);
        }
        this.cache = cache;
        this.ecpusPerSecond = ecpusPerSecond;
        this.nanoTime = nanoTime;
        this.refilledAt = nanoTime.getAsLong();
    }

    public double ecpusPerSecond() {
        return ecpusPerSecond;
    }

    /** Takes {@code ecpus} now; how long the command must wait until the cache has served what was taken before it. */
    public synchronized Duration reserve(long ecpus) {
        refill();
        seconds -= ecpus / ecpusPerSecond;
        return seconds >= 0 ? Duration.ZERO : Duration.ofNanos((long) (-seconds * NANOS_PER_SECOND));
    }

    /** Charges units known only once the command has completed (its reply's). */
    public synchronized void charge(long ecpus) {
        refill();
        seconds -= ecpus / ecpusPerSecond;
    }

    /** Gives back a reservation whose command was never sent (its client gave up waiting). */
    public synchronized void refund(long ecpus) {
        refill();
        seconds = Math.min(1, seconds + ecpus / ecpusPerSecond);
    }

    void held() {
        held.increment();
    }

    void timedOut() {
        timedOut.increment();
    }

    /**
     * Commands held past the maximum ({@code ElastiCacheThrottled}, AWS's {@code ThrottledCmds}) and those of them the
     * client gave up on ({@code ElastiCacheTimedOut}), by {@code reason resource}; none while nothing was.
     */
    public Map<String, Long> throttles() {
        var counts = new TreeMap<String, Long>();
        if (held.sum() > 0) {
            counts.put("ElastiCacheThrottled cache:" + cache, held.sum());
        }
        if (timedOut.sum() > 0) {
            counts.put("ElastiCacheTimedOut cache:" + cache, timedOut.sum());
        }
        return counts;
    }

    private void refill() {
        long now = nanoTime.getAsLong();
        if (now > refilledAt) {
            seconds = Math.min(1, seconds + (now - refilledAt) / NANOS_PER_SECOND);
            refilledAt = now;
        }
    }
}
