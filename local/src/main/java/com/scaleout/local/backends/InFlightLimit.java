package com.scaleout.local.backends;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * How many requests the gate has at a moto process at once, the rest waiting in arrival order. Every wait has a
 * deadline and the number of waiters is bounded: a request that cannot get in answers at once, as DynamoDB throttles,
 * instead of piling up behind work its caller has long given up on.
 */
final class InFlightLimit {
    /** Why a request was not let in. */
    enum Refusal { QUEUE_FULL, DEADLINE }

    private final Semaphore permits;
    private final int maxWaiting;

    InFlightLimit(int inFlight, int maxWaiting) {
        this.permits = new Semaphore(inFlight, true);
        this.maxWaiting = maxWaiting;
    }

    /** Null when the request may go (then {@link #release()}), else why not. */
    Refusal acquire(Duration maxWait) throws InterruptedException {
        if (permits.tryAcquire(0, TimeUnit.NANOSECONDS)) { // the timed form keeps the line: the untimed one barges
            return null;
        }
        if (permits.getQueueLength() >= maxWaiting) {
            return Refusal.QUEUE_FULL;
        }
        return permits.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS) ? null : Refusal.DEADLINE;
    }

    void release() {
        permits.release();
    }

    int waiting() {
        return permits.getQueueLength();
    }
}
