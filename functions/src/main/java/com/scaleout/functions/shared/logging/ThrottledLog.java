package com.scaleout.functions.shared.logging;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Warnings about a failure the code works around (the cache down: every request falls back), at most one per
 * message per interval, with the count of those left out since. While the cache is down every request would
 * otherwise log a stack trace: a 20 s outage in the fault test wrote about 6,000 lines.
 */
public final class ThrottledLog {
    private final Logger logger;
    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    private static final class Window {
        long loggedAt;
        boolean logged;
        int leftOut;
    }

    public ThrottledLog(Logger logger, Duration interval) {
        this(logger, interval, System::nanoTime);
    }

    ThrottledLog(Logger logger, Duration interval, LongSupplier nanoTime) {
        this.logger = logger;
        this.intervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Logs {@code message} with {@code failure}, unless it was logged less than an interval ago. */
    public void warn(String message, Throwable failure) {
        long now = nanoTime.getAsLong();
        Window window = windows.computeIfAbsent(message, m -> new Window());
        int leftOut;
        synchronized (window) {
            if (window.logged && now - window.loggedAt < intervalNanos) {
                window.leftOut++;
                return;
            }
            leftOut = window.leftOut;
            window.logged = true;
            window.loggedAt = now;
            window.leftOut = 0;
        }
        logger.log(Level.WARNING, leftOut == 0 ? message : message + " (" + leftOut + " more since the last report)",
                failure);
    }
}
