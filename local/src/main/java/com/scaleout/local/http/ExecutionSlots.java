package com.scaleout.local.http;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many admitted requests the local gateway runs at once (authorizer and function); the others wait here, in
 * arrival order, until one finishes or their integration deadline passes. In AWS every request gets an environment
 * of its own on hardware of its own; here all of them share two cores with moto and Redis, and past a point each
 * request running makes every other one slower: the AlbumStore client's 300 threads, each running, had 3,600 JVM
 * threads waking each other (a fifth of the machine's CPU in futex wake-ups), held the DynamoDB gate's write lock
 * for longer with every request, and a fifth of their PutItems timed out after 4 s (6,275 of 30,000 POSTs answered
 * 503). Waiting before the function instead costs nothing but the wait, as a queue at API Gateway would, and the
 * function's own SDK timeouts see only the backends' time. (The same run with 64 slots: 3 of 30,000.)
 *
 * <p>Functions still scale their environments on demand ({@code FunctionPool}): the slots bound only how many run at
 * the same moment, and never throttle: a request that finds them full waits, and {@link Admission} sheds at once
 * what would wait too long.
 */
final class ExecutionSlots {
    /** Per core: enough to keep moto, Redis and the JVM busy with requests that mostly wait on them. */
    static final int PER_CORE = 32;

    private final Semaphore slots;
    private final int size;
    private final AtomicLong waited = new AtomicLong();

    ExecutionSlots(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("execution slots must be at least 1, was " + size);
        }
        this.size = size;
        this.slots = new Semaphore(size, true);
    }

    /** Never fewer than this: 50 concurrent requests to one function all run at once (as Lambda would run them). */
    static final int MIN_SLOTS = 64;

    /** {@value #PER_CORE} per core of this machine, at least {@value #MIN_SLOTS}. */
    static int forThisMachine() {
        return Math.max(MIN_SLOTS, PER_CORE * Runtime.getRuntime().availableProcessors());
    }

    int size() {
        return size;
    }

    /** True when a slot was taken within {@code wait} ({@link #release()} must follow); false when none freed. */
    boolean tryAcquire(Duration wait) throws InterruptedException {
        if (slots.tryAcquire(0, TimeUnit.NANOSECONDS)) { // the timed form keeps the line: the untimed one barges
            return true;
        }
        waited.incrementAndGet();
        return slots.tryAcquire(Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
    }

    void release() {
        slots.release();
    }

    /** Requests waiting for a slot now. */
    int waiting() {
        return slots.getQueueLength();
    }

    /** Requests that found every slot taken and waited for one (since the start). */
    long waited() {
        return waited.get();
    }
}
