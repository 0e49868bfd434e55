package com.scaleout.bench;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Warm {@code GET /timeline} through the local runtime at 50 concurrent readers ({@code ./scaleout bench timeline
 * [seconds per round]}): requests/s, p50 and p99, against {@code GET /health} through the same runtime, measured in
 * turns in the same run.
 */
final class TimelineReadBench {
    private static final int READERS = 50;
    private static final int ROUNDS = 2;

    private TimelineReadBench() {
    }

    /** Every round of each route (health and timeline alternated), and the ratios of their medians. */
    record Summary(List<LoadDriver.Run> health, List<LoadDriver.Run> timeline) {
        double timelinePerSecond() {
            return BenchReport.median(timeline.stream().map(LoadDriver.Run::requestsPerSecond).toList());
        }

        double healthPerSecond() {
            return BenchReport.median(health.stream().map(LoadDriver.Run::requestsPerSecond).toList());
        }

        double timelineP50() {
            return BenchReport.median(timeline.stream().map(r -> r.percentileMillis(50)).toList());
        }

        double healthP50() {
            return BenchReport.median(health.stream().map(r -> r.percentileMillis(50)).toList());
        }
    }

    static void run(Duration round) throws Exception {
        var report = new BenchReport("timeline", "./scaleout bench timeline " + round.toSeconds());
        measure(report, round);
        report.save();
    }

    static Summary measure(BenchReport report, Duration round) throws Exception {
        // the functions scale out for this load as Lambda's do: on demand, up to the account's limit
        var config = LocalConfig.fromEnvironment().withPort(0);
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var api = new BenchApi(runtime.url());
            String token = api.seedTimeline(5, 12);
            report.line("Reader follows 5 accounts with 12 tweets each; pages of 20; " + READERS
                    + " concurrent readers, " + round.toSeconds() + " s per round, rounds alternated.");
            report.line("");
            var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            var timeline = HttpRequest.newBuilder(URI.create(runtime.url() + "/timeline"))
                    .header("authorization", "Bearer " + token).GET().build();
            var health = HttpRequest.newBuilder(URI.create(runtime.url() + "/health")).GET().build();
            load(http, timeline, "timeline warm-up", Duration.ofSeconds(5)); // every environment initialized, JIT
            load(http, health, "health warm-up", Duration.ofSeconds(5));
            var timelineRounds = new ArrayList<LoadDriver.Run>();
            var healthRounds = new ArrayList<LoadDriver.Run>();
            for (int r = 1; r <= ROUNDS; r++) {
                healthRounds.add(load(http, health, "GET /health, round " + r, round));
                timelineRounds.add(load(http, timeline, "GET /timeline, round " + r, round));
            }
            report.line("| round | route | requests/s | p50 ms | p99 ms | non-200 |");
            report.line("|---|---|---|---|---|---|");
            for (int r = 0; r < ROUNDS; r++) {
                row(report, r + 1, "GET /health", healthRounds.get(r));
                row(report, r + 1, "GET /timeline", timelineRounds.get(r));
            }
            var summary = new Summary(List.copyOf(healthRounds), List.copyOf(timelineRounds));
            report.line("");
            report.line(String.format("Ratio timeline / health: throughput %.2f, p50 latency %.2f (medians of the "
                    + "rounds).", summary.timelinePerSecond() / summary.healthPerSecond(),
                    summary.timelineP50() / summary.healthP50()));
            return summary;
        }
    }

    private static void row(BenchReport report, int round, String route, LoadDriver.Run r) {
        report.line(String.format("| %d | %s | %.0f | %.1f | %.1f | %d |", round, route, r.requestsPerSecond(),
                r.percentileMillis(50), r.percentileMillis(99), r.failures()));
    }

    /** READERS clients send the request back to back for the duration; anything but a 200 is a failure. */
    private static LoadDriver.Run load(HttpClient http, HttpRequest request, String name, Duration duration)
            throws InterruptedException {
        return LoadDriver.run(name, READERS, duration, client -> () -> {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            return status == 200 ? LoadDriver.Outcome.ok(1) : LoadDriver.Outcome.failed("answered " + status);
        });
    }
}
