package com.scaleout.local.lambda;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many execution environments, of all functions, warm up at the same moment on this machine: initializing, then
 * running their first invocation (which loads and compiles the SDK's request path in the environment's own class
 * loader) for as long as it keeps a core busy. In Lambda every environment warms up on hardware of its own; here all
 * of them share the same few cores, and a warm-up costs seconds of CPU where a warm invocation costs tens of
 * milliseconds. Unbounded, a burst of 120 requests on a cold stack (OverloadRecoveryIT, with two CPU hogs beside it)
 * warmed up 60 environments at once and not one request was served within the gateway's 30 s; with a permit per
 * core, about 20 environments warmed up and no request met the integration timeout (two runs each). An invocation
 * that finds every environment busy waits for a permit or for a warm environment to free, whichever comes first
 * ({@link FunctionPool}). What Lambda decides is unchanged: an invocation waiting (on a backend, a held test) gives
 * its permit back, so that parallel invocations still each get an environment of their own, and throttling and
 * scaling limits apply as before.
 */
public final class ColdStartPermits {
    /** Longest a first invocation holds its permit, however busy it keeps its core. */
    static final Duration LONGEST_HOLD = Duration.ofSeconds(3);
    /** How often a first invocation's CPU use is looked at. */
    static final Duration LOOK_EVERY = Duration.ofMillis(250);
    /**
     * Below this share of a core since the last look, a first invocation is waiting (on a backend, a lock, a held
     * test) and gives its permit back. Low, so that a warm-up that shares its core with many threads still counts as
     * busy.
     */
    static final double BUSY_SHARE = 0.1;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final ScheduledExecutorService WATCH = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("cold-start-permits").daemon(true).factory());

    /** The CPU time a platform thread has used, in nanoseconds; negative when it cannot be told. */
    @FunctionalInterface
    public interface CpuClock {
        long cpuNanos(Thread thread);

        /** The JVM's own measure of its threads' CPU time. */
        static CpuClock ofThreads() {
            return thread -> THREADS.isThreadCpuTimeSupported() && !thread.isVirtual()
                    ? THREADS.getThreadCpuTime(thread.threadId()) : -1;
        }
    }

    private final Semaphore permits;
    private final Duration longestHold;
    private final CpuClock cpu;

    public ColdStartPermits(int permits, Duration longestHold, CpuClock cpu) {
        if (permits < 1) {
            throw new IllegalArgumentException("cold start permits must be at least 1, was " + permits);
        }
        this.permits = new Semaphore(permits);
        this.longestHold = longestHold;
        this.cpu = cpu;
    }

    /** A permit per core of this machine, at least two. */
    public static ColdStartPermits forThisMachine() {
        return new ColdStartPermits(Math.max(2, Runtime.getRuntime().availableProcessors()), LONGEST_HOLD,
                CpuClock.ofThreads());
    }

    /** As many warm-ups at once as are asked for, as in Lambda (for pools tested alone). */
    public static ColdStartPermits unbounded() {
        return new ColdStartPermits(Integer.MAX_VALUE, LONGEST_HOLD, CpuClock.ofThreads());
    }

    /** A permit to start an environment now, if one is free. */
    Optional<Permit> tryTake() {
        return permits.tryAcquire() ? Optional.of(new Permit()) : Optional.empty();
    }

    /** One environment's permit, given back once: when its warm-up ends, waits, or has had its longest hold. */
    final class Permit {
        private final AtomicBoolean returned = new AtomicBoolean();
        private volatile ScheduledFuture<?> watch;

        /** Gives the permit back now (idempotent). */
        void release() {
            if (returned.compareAndSet(false, true)) {
                permits.release();
                var watching = watch;
                if (watching != null) {
                    watching.cancel(false);
                }
            }
        }

        /** The first invocation runs on {@code thread}: the permit goes back as soon as the thread stops working. */
        void firstInvocationOn(Thread thread) {
            long started = System.nanoTime();
            long[] last = {started, cpu.cpuNanos(thread)};
            if (last[1] < 0) {
                release(); // nothing tells whether it works: as in Lambda, the next environment need not wait
                return;
            }
            watch = WATCH.scheduleAtFixedRate(() -> {
                long now = System.nanoTime();
                long used = cpu.cpuNanos(thread);
                boolean waiting = used < 0 || used - last[1] < BUSY_SHARE * (now - last[0]);
                last[0] = now;
                last[1] = used;
                if (waiting || now - started >= longestHold.toNanos()) {
                    release();
                }
            }, LOOK_EVERY.toMillis(), LOOK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            if (returned.get()) {
                watch.cancel(false);
            }
        }
    }
}
