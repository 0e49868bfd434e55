package com.scaleout.local.http;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A line for each answer the gateway gives itself instead of a function's (429 admission or throttle, 503 integration
 * timeout, 413, 431, the HTTP parser's refusals) and each connection it drops: reason, route and request id, so that
 * a client can tell the gateway's 429 from its own timeout, and find the line by the {@code apigw-requestid} header.
 * Under overload the admission sheds thousands of requests a second, and a line each would spend on stderr the CPU
 * the shedding saves: past {@value #LINES_PER_SECOND} lines in a second the rest are counted by status and reason,
 * and the counts said in one line when that second ends.
 */
final class GatewayLog {
    static final int LINES_PER_SECOND = 100;
    private static final long NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final Logger LOG = Logger.getLogger(GatewayLog.class.getName());

    private final LongSupplier nanoTime;
    private final Scheduler scheduler;
    private long second = Long.MIN_VALUE;
    private int lines;
    /** What was not written one by one, since the last count was said. */
    private final Map<String, Long> counted = new TreeMap<>();

    GatewayLog(Scheduler scheduler) {
        this(System::nanoTime, scheduler);
    }

    GatewayLog(LongSupplier nanoTime, Scheduler scheduler) {
        this.nanoTime = nanoTime;
        this.scheduler = scheduler;
    }

    /** The gateway answered {@code status} itself; {@code route} is looked up only when the line is written. */
    void answered(int status, String reason, String detail, Supplier<String> route, String requestId) {
        if (mayWrite(status + " " + reason)) {
            LOG.log(status >= 500 ? Level.WARNING : Level.INFO, () -> "request " + requestId + ": the gateway answered "
                    + status + " itself (" + reason + ": " + detail + "), route " + route.get());
        }
    }

    /** The gateway closed a connection without an answer. */
    void closed(String reason, String remote) {
        if (mayWrite("closed, " + reason)) {
            LOG.info(() -> "the gateway closed the connection from " + remote + " (" + reason + ")");
        }
    }

    /** Says what was counted and not yet said, if anything. */
    void flush() {
        String counts;
        synchronized (this) {
            if (counted.isEmpty()) {
                return;
            }
            counts = counted.toString();
            counted.clear();
        }
        LOG.warning(() -> "the gateway's own answers past " + LINES_PER_SECOND + " lines a second, by status and "
                + "reason (not written one by one): " + counts);
    }

    private boolean mayWrite(String kind) {
        boolean newSecond;
        synchronized (this) {
            long now = Math.floorDiv(nanoTime.getAsLong(), NANOS_PER_SECOND);
            newSecond = now != second;
            if (newSecond) {
                second = now;
                lines = 0;
            }
            if (lines < LINES_PER_SECOND) {
                lines++;
            } else {
                if (counted.isEmpty()) { // said at the second's end, even when nothing follows
                    scheduler.schedule(this::flush, (now + 1) * NANOS_PER_SECOND - nanoTime.getAsLong(),
                            TimeUnit.NANOSECONDS);
                }
                counted.merge(kind, 1L, Long::sum);
                return false;
            }
        }
        if (newSecond) {
            flush(); // a count the scheduler has not said yet comes before the new second's lines
        }
        return true;
    }
}
