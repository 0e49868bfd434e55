package com.scaleout.local.bench;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;

/**
 * Warm {@code GET /timeline} through the local runtime at 50 concurrent readers: requests/s, p50 and p99, against
 * {@code GET /health} through the same runtime, measured in turns in the same run.
 */
final class TimelineReadBench {
    private static final int READERS = 50;
    private static final Duration ROUND = Duration.ofSeconds(15);

    private TimelineReadBench() {
    }

    record Result(double perSecond, double p50Millis, double p99Millis, long failures) {
    }

    static void run(String[] args) throws Exception {
        var report = new BenchReport("timeline", "./scaleout bench timeline");
        // As Lambda would scale out past the declared reservations for this load, so do the local pools.
        var config = LocalConfig.fromEnvironment().withPort(0).withConcurrency(READERS + 14);
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var api = new BenchApi(runtime.url());
            String token = api.seedTimeline(5, 12);
            report.line("Reader follows 5 accounts with 12 tweets each; pages of 20; " + READERS
                    + " concurrent readers, " + ROUND.toSeconds() + " s per round, rounds alternated.");
            report.line("");
            var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            var timeline = HttpRequest.newBuilder(URI.create(runtime.url() + "/timeline"))
                    .header("authorization", "Bearer " + token).GET().build();
            var health = HttpRequest.newBuilder(URI.create(runtime.url() + "/health")).GET().build();
            load(http, timeline, Duration.ofSeconds(5)); // warm-up: every environment initialized, JIT
            load(http, health, Duration.ofSeconds(5));
            var timelineRounds = new ArrayList<Result>();
            var healthRounds = new ArrayList<Result>();
            for (int round = 0; round < 2; round++) {
                healthRounds.add(load(http, health, ROUND));
                timelineRounds.add(load(http, timeline, ROUND));
            }
            report.line("| round | route | requests/s | p50 ms | p99 ms | non-200 |");
            report.line("|---|---|---|---|---|---|");
            for (int round = 0; round < 2; round++) {
                row(report, round + 1, "GET /health", healthRounds.get(round));
                row(report, round + 1, "GET /timeline", timelineRounds.get(round));
            }
            double timelineRate = BenchReport.median(timelineRounds.stream().map(Result::perSecond).toList());
            double healthRate = BenchReport.median(healthRounds.stream().map(Result::perSecond).toList());
            double timelineP50 = BenchReport.median(timelineRounds.stream().map(Result::p50Millis).toList());
            double healthP50 = BenchReport.median(healthRounds.stream().map(Result::p50Millis).toList());
            report.line("");
            report.line(String.format("Ratio timeline / health: throughput %.2f, p50 latency %.2f (medians of the "
                    + "rounds).", timelineRate / healthRate, timelineP50 / healthP50));
        }
        report.save();
    }

    private static void row(BenchReport report, int round, String route, Result r) {
        report.line(String.format("| %d | %s | %.0f | %.1f | %.1f | %d |", round, route, r.perSecond(), r.p50Millis(),
                r.p99Millis(), r.failures()));
    }

    /** READERS threads send the request back to back for the duration; latency of every answer recorded. */
    static Result load(HttpClient http, HttpRequest request, Duration duration) throws InterruptedException {
        var recorder = new Recorder(3);
        var done = new AtomicLong();
        var failures = new AtomicLong();
        var finished = new CountDownLatch(READERS);
        long end = System.nanoTime() + duration.toNanos();
        for (int i = 0; i < READERS; i++) {
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (System.nanoTime() < end) {
                        long start = System.nanoTime();
                        try {
                            var response = http.send(request, HttpResponse.BodyHandlers.discarding());
                            if (response.statusCode() != 200) {
                                failures.incrementAndGet();
                            }
                        } catch (Exception e) {
                            failures.incrementAndGet();
                        }
                        recorder.recordValue((System.nanoTime() - start) / 1000);
                        done.incrementAndGet();
                    }
                } finally {
                    finished.countDown();
                }
            });
        }
        finished.await();
        var histogram = recorder.getIntervalHistogram();
        return new Result(done.get() / (double) duration.toSeconds(),
                histogram.getValueAtPercentile(50) / 1000.0, histogram.getValueAtPercentile(99) / 1000.0,
                failures.get());
    }
}
