package com.scaleout.local.http;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The local gateway's overload protection. API Gateway and Lambda in AWS have capacity far beyond this stack's two
 * cores; here, past a point, every request admitted makes all of them slower, and a client whose request waits in the
 * port's queue gets no answer at all. So a request that would wait longer than {@link #WAIT_BUDGET} behind those
 * already in flight (at the rate requests were served over the last {@value #WINDOW_SECONDS} s; a quick 429 or 503
 * serves nothing and does not count) is answered 429 with
 * Retry-After at once, as a throttled API is; below {@link #MIN_IN_FLIGHT} requests in flight every one is admitted,
 * so closed-loop clients (the AlbumStore client's 300 threads) are served, only more slowly.
 */
final class Admission {
    /** Above the largest closed-loop client the stack is held to serve (the AlbumStore client's 300 threads). */
    static final int MIN_IN_FLIGHT = 320;
    /**
     * How long an admitted request may expect to wait: short, so that what was admitted during an overload is done
     * seconds after it ends (with 10 s, the normal load after a minute at 3 × waited half a minute behind it).
     */
    static final Duration WAIT_BUDGET = Duration.ofSeconds(3);
    static final int WINDOW_SECONDS = 10;

    private final LongSupplier nanoTime;
    /** Served answers per second: the last {@value #WINDOW_SECONDS} whole seconds and the current one. */
    private final long[] answeredInSecond = new long[WINDOW_SECONDS + 1];
    private final long[] secondOfSlot = new long[WINDOW_SECONDS + 1];
    private int inFlight;
    private long shed;

    Admission() {
        this(System::nanoTime);
    }

    Admission(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** True when the request may go on; then {@link #answered(boolean)} must follow. */
    synchronized boolean tryAdmit() {
        if (inFlight >= limit(second())) {
            shed++;
            return false;
        }
        inFlight++;
        return true;
    }

    /** {@code served}: answered with what was asked, not a busy answer (429, 503). */
    synchronized void answered(boolean served) {
        inFlight--;
        if (!served) {
            return;
        }
        long second = second();
        int slot = (int) Math.floorMod(second, answeredInSecond.length);
        if (secondOfSlot[slot] != second) {
            secondOfSlot[slot] = second;
            answeredInSecond[slot] = 0;
        }
        answeredInSecond[slot]++;
    }

    /** Requests answered 429 at once because too many were in flight. */
    synchronized long shed() {
        return shed;
    }

    private long limit(long now) {
        long answered = 0;
        for (int slot = 0; slot < answeredInSecond.length; slot++) {
            long age = now - secondOfSlot[slot];
            if (age >= 1 && age <= WINDOW_SECONDS) {
                answered += answeredInSecond[slot];
            }
        }
        long perSecond = answered / WINDOW_SECONDS;
        return Math.max(MIN_IN_FLIGHT, perSecond * WAIT_BUDGET.toSeconds());
    }

    private long second() {
        return Math.floorDiv(nanoTime.getAsLong(), 1_000_000_000L);
    }
}
