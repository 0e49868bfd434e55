package com.scaleout.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Closed-loop load: {@code clients} threads each sending one request after another for a duration. Every latency
 * goes into an HdrHistogram {@link Recorder}, whose interval histogram is taken every second: the run keeps those
 * per-second histograms (requests, units and percentiles over time, by completion time) as well as their sum.
 * Requests in flight at the deadline are waited for; rates are over the time the clients actually ran.
 */
final class LoadDriver {
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int PROGRESS_EVERY_SECONDS = 5;
    /** Failures printed per run; the rest are only counted. */
    private static final int FAILURES_SHOWN = 5;

    private LoadDriver() {
    }

    /** One request of a client: what it did, or an exception (counted as a failure). */
    @FunctionalInterface
    interface Request {
        Outcome send() throws Exception;
    }

    /**
     * @param units what the request carried when it succeeded (records, albums); 1 for a plain request
     */
    record Outcome(boolean ok, long units, String failure) {
        static Outcome ok(long units) {
            return new Outcome(true, units, null);
        }

        static Outcome failed(String why) {
            return new Outcome(false, 0, why);
        }
    }

    /** One interval of the run (a second, the last one shorter): requests completed in it and their latencies. */
    record Second(double startSeconds, double lengthSeconds, long requests, long units, double p50Millis,
                  double p95Millis, double p99Millis) {
        double requestsPerSecond() {
            return requests / lengthSeconds;
        }

        double unitsPerSecond() {
            return units / lengthSeconds;
        }
    }

    record Run(String name, int clients, double seconds, long requests, long failures, long units,
               Histogram latencies, List<Second> timeline) {
        double requestsPerSecond() {
            return requests / seconds;
        }

        double unitsPerSecond() {
            return units / seconds;
        }

        double percentileMillis(double percentile) {
            return millis(latencies, percentile);
        }
    }

    /**
     * Runs {@code clients} threads, each with its own request ({@code client.apply(i)}, so that a client can keep
     * state such as its own generator), for the duration, printing progress every few seconds.
     */
    static Run run(String name, int clients, Duration duration, IntFunction<Request> client)
            throws InterruptedException {
        var recorder = new Recorder(3);
        var requests = new AtomicLong();
        var failures = new AtomicLong();
        var units = new AtomicLong();
        var finished = new CountDownLatch(clients);
        long begin = System.nanoTime();
        long end = begin + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            Request request = client.apply(c);
            Thread.ofPlatform().daemon().name(name + "-" + c).start(() -> {
                try {
                    while (System.nanoTime() < end) {
                        long start = System.nanoTime();
                        Outcome outcome;
                        try {
                            outcome = request.send();
                        } catch (Exception e) {
                            outcome = Outcome.failed(e.toString());
                        }
                        recorder.recordValue(Math.max(0, (System.nanoTime() - start) / 1000));
                        if (outcome.ok()) {
                            units.addAndGet(outcome.units());
                        } else if (failures.incrementAndGet() <= FAILURES_SHOWN) {
                            System.out.println("  " + name + " failed: " + outcome.failure());
                        }
                        requests.incrementAndGet();
                    }
                } finally {
                    finished.countDown();
                }
            });
        }
        var total = new Histogram(3);
        var timeline = new ArrayList<Second>();
        long intervalStart = begin;
        long unitsBefore = 0;
        boolean done = false;
        while (!done) {
            long next = intervalStart + SECOND_NANOS;
            done = finished.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
            long now = System.nanoTime();
            var interval = recorder.getIntervalHistogram();
            long unitsNow = units.get();
            total.add(interval);
            timeline.add(new Second((intervalStart - begin) / 1e9, (now - intervalStart) / 1e9,
                    interval.getTotalCount(), unitsNow - unitsBefore, millis(interval, 50), millis(interval, 95),
                    millis(interval, 99)));
            intervalStart = now;
            unitsBefore = unitsNow;
            if (!done && timeline.size() % PROGRESS_EVERY_SECONDS == 0) {
                System.out.printf("  %s: %d s, %,d requests, %,d failed, p50 %.0f ms over the run%n", name,
                        timeline.size(), total.getTotalCount(), failures.get(), millis(total, 50));
            }
        }
        var run = new Run(name, clients, (System.nanoTime() - begin) / 1e9, requests.get(), failures.get(),
                units.get(), total, List.copyOf(timeline));
        System.out.printf("  %s: %.1f s, %,d requests (%.1f/s), %,d failed, p50 %.0f ms, p99 %.0f ms%n", name,
                run.seconds(), run.requests(), run.requestsPerSecond(), run.failures(), run.percentileMillis(50),
                run.percentileMillis(99));
        return run;
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000.0;
    }
}
