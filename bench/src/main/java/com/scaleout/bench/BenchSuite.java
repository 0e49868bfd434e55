package com.scaleout.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code ./scaleout bench}: every benchmark at a size that finishes in under 10 minutes on 2 cores, each figure with
 * the baseline it measured in the same run; then the charts of the HTTP loads (docs/bench/*.png) and the generated
 * block of BENCHMARKS.md (date, machine, command, the table of figures, the charts). A step that fails does not
 * stop the others, but then BENCHMARKS.md is left as it was (a half-refreshed table would mix two runs) and the
 * command exits non-zero; the block is saved to bench/target/bench/suite.md either way.
 */
final class BenchSuite {
    static final int FANOUT_FOLLOWERS = 100_000;
    static final Duration TIMELINE_ROUND = Duration.ofSeconds(10);
    static final int SEARCH_TWEETS = 500;
    static final int SEARCH_QUERIES = 10;
    static final int IMPORT_BODIES = 30;
    static final Duration IMPORT_ROUND = Duration.ofSeconds(10);
    static final int IMPORT_ROUNDS = 3;
    static final Duration ALBUM_RUN = Duration.ofSeconds(20);
    private static final Logger LOG = Logger.getLogger(BenchSuite.class.getName());
    private static final Path BENCHMARKS = Path.of("BENCHMARKS.md");
    private static final Path CHARTS = Path.of("docs", "bench");

    private final List<Figure> figures = new ArrayList<>();
    private final List<Chart> charts = new ArrayList<>();
    private final List<StepTime> steps = new ArrayList<>();
    private final long started = System.nanoTime();

    private BenchSuite() {
    }

    /** One row of the table: a figure and the baseline it is compared with, both from this run. */
    record Figure(String area, String figure, String value, String baseline, String baselineValue, String ratio,
                  String seed) {
        static Figure of(String area, String figure, double value, String unit, String baseline,
                         double baselineValue, String seed) {
            return new Figure(area, figure, withUnit(value, unit), baseline, withUnit(baselineValue, unit),
                    BenchSuite.ratio(value / baselineValue), seed);
        }
    }

    /** A PNG under docs/bench/ and what it shows. */
    private record Chart(String file, String caption) {
    }

    private record StepTime(String name, double seconds, String failure) {
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /** Runs every step; false when one failed (BENCHMARKS.md then left as it was). */
    static boolean run() throws IOException {
        return new BenchSuite().runAll();
    }

    private boolean runAll() throws IOException {
        var machine = Machine.detect();
        String loadBefore = Machine.loadAverage();
        Instant date = Instant.now();
        System.out.println("bench suite on " + machine.describe() + "; load average " + loadBefore);
        step(1, "fanout", "one tweet to " + number(FANOUT_FOLLOWERS) + " followers vs redis-benchmark", 40,
                this::fanout);
        step(2, "timeline", "warm GET /timeline vs GET /health, 50 clients", 75, this::timeline);
        step(3, "search", SEARCH_TWEETS + " tweets, cold and cached queries vs GET /health", 80, this::search);
        step(4, "import", "in process vs Jackson, then pushes over HTTP vs PutItem", 110, this::importApi);
        step(5, "stack", "the album store and NanoTwitter's stress over HTTP, one local stack", 100, this::stack);
        double total = seconds();
        String loadAfter = Machine.loadAverage();
        String block = block(machine, date, total, loadBefore, loadAfter);
        Path saved = Files.createDirectories(BenchReport.DIRECTORY).resolve("suite.md");
        Files.writeString(saved, block);
        var failed = steps.stream().filter(s -> s.failure() != null).toList();
        System.out.println();
        System.out.println(block);
        if (!failed.isEmpty()) {
            failed.forEach(s -> System.out.println("FAILED: " + s.name() + ": " + s.failure()));
            System.out.printf("bench suite: %s in all; %d step(s) failed, BENCHMARKS.md left unchanged (the block is "
                    + "in %s)%n", duration(total), failed.size(), saved);
            return false;
        }
        BenchmarksBlock.update(BENCHMARKS, block);
        System.out.printf("bench suite: %s in all; BENCHMARKS.md refreshed, %d charts in %s%n", duration(total),
                charts.size(), CHARTS);
        return true;
    }

    private void step(int index, String name, String what, int expectedSeconds, Step step) {
        System.out.printf("%n==> [%d/5] %s: %s (about %d s; %s so far)%n", index, name, what, expectedSeconds,
                duration(seconds()));
        double start = seconds();
        String failure = null;
        // A local runtime exports its endpoints (DYNAMODB_ENDPOINT, REDIS_URL, ...) as system properties, which the
        // next runtime would take for endpoints to use instead of starting its own; benchmarks set some too
        // (FANOUT_MAX_FOLLOWERS). Each step starts from the properties the suite started with.
        var properties = (Properties) System.getProperties().clone();
        try {
            step.run();
        } catch (Exception | AssertionError e) {
            failure = e.toString();
            LOG.log(Level.SEVERE, "step " + name + " failed; the suite goes on with the next", e);
        } finally {
            System.setProperties(properties);
        }
        double took = seconds() - start;
        steps.add(new StepTime(name, took, failure));
        System.out.printf("==> %s %s in %s%n", name, failure == null ? "done" : "FAILED", duration(took));
    }

    private double seconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    // -------------------------------------------------------------------------------------------------- steps

    private void fanout() throws Exception {
        var r = FanoutBench.measure(report("fanout", "fanout " + FANOUT_FOLLOWERS), FANOUT_FOLLOWERS);
        figures.add(Figure.of("fanout", "one tweet to " + number(r.followers()) + " followers, timeline inserts/s "
                        + "(median of " + (FanoutBench.RUNS - r.failedRuns()) + " runs"
                        + (r.failedRuns() == 0 ? "" : "; " + r.failedRuns() + " failed") + ")", r.insertsPerSecond(),
                "/s", "redis-benchmark -P 16 ZADD (median of 3)", r.zaddPerSecond(), ""));
    }

    private void timeline() throws Exception {
        var report = report("timeline", "timeline " + TIMELINE_ROUND.toSeconds());
        var r = TimelineReadBench.measure(report, TIMELINE_ROUND);
        figures.add(Figure.of("timeline", "warm GET /timeline, requests/s (50 clients, median of 2 rounds)",
                r.timelinePerSecond(), "/s", "GET /health, same clients", r.healthPerSecond(), ""));
        figures.add(Figure.of("timeline", "warm GET /timeline, p50", r.timelineP50(), "ms", "GET /health p50",
                r.healthP50(), ""));
        charts("timeline", "GET /timeline, 50 clients, round 1", r.timeline().getFirst(), r.health().getFirst(),
                "requests/s", LoadDriver.Second::requestsPerSecond);
        report.save();
    }

    private void search() throws Exception {
        var report = report("search", "search " + SEARCH_TWEETS + " " + SEARCH_QUERIES);
        var r = SearchBench.measure(report, SEARCH_TWEETS, SEARCH_QUERIES);
        for (int terms : new int[] {1, 2, 5}) {
            for (boolean cached : new boolean[] {false, true}) {
                var row = r.row(terms, cached);
                figures.add(Figure.of("search", row.what() + ", p50 (" + SEARCH_QUERIES + " queries, "
                                + number(SEARCH_TWEETS) + " tweets)", row.p50Millis(), "ms",
                        "GET /health p50 (mean of 2 runs)", r.healthP50(), ""));
            }
        }
        report.save();
    }

    private void importApi() throws Exception {
        var report = report("import", "import " + IMPORT_BODIES + " " + IMPORT_ROUND.toSeconds() + " " + IMPORT_ROUNDS);
        var r = ImportBench.measure(report, IMPORT_BODIES, IMPORT_ROUND, IMPORT_ROUNDS);
        var p = r.inProcess();
        String rounds = " (" + number(p.records()) + " records, median of " + IMPORT_ROUNDS + " rounds)";
        figures.add(new Figure("import", "POST /v2/import/validate in process, records/s" + rounds,
                withUnit(p.validate(), "/s"), "Jackson readTree of the same bytes", withUnit(p.readTree(), "/s"),
                ratio(p.validateRatio()), ""));
        figures.add(new Figure("import", "POST /v2/import/push in process (in-memory store), records/s",
                withUnit(p.push(), "/s"), "Jackson readTree", withUnit(p.readTree(), "/s"), ratio(p.pushRatio()),
                ""));
        figures.add(new Figure("import", "validate, Transit JSON, records/s", withUnit(p.transitValidate(), "/s"),
                "Transit reader alone", withUnit(p.transitReader(), "/s"), ratio(p.transitRatio()), ""));
        var e = r.endToEnd();
        String accepted = String.format(Locale.ROOT, "%s records/s (%.1f requests/s)", number(e.recordsPerSecond()),
                e.requestsPerSecond());
        figures.add(new Figure("import", "POST /v2/import/push over HTTP, 4 clients, batches of 1..200 (median of 2 "
                + "rounds)", accepted, "sequential conditional PutItem", withUnit(e.sequentialPerSecond(), "/s"),
                ratio(e.sequentialRatio()), "800 requests/s per Node.js instance"));
        figures.add(new Figure("import", "the same pushes", accepted, "PutItem from 32 threads (ceiling)",
                withUnit(e.ceilingPerSecond(), "/s"), ratio(e.ceilingRatio()), ""));
        charts("import", "POST /v2/import/push, 4 clients, round 1", e.rounds().getFirst(), e.sequential().getFirst(),
                "records/s (baseline: PutItem/s)", LoadDriver.Second::unitsPerSecond);
        report.save();
    }

    private void stack() throws Exception {
        var report = report("stack", "stack " + ALBUM_RUN.toSeconds());
        var r = StackBench.measure(report, ALBUM_RUN);
        String runs = " (median of " + StackBench.STRESS_RUNS + " runs, n=" + StackBench.STRESS_N + ")";
        figures.add(Figure.of("stress", "tweet, average" + runs, r.median(StackBench.StressRun::tweetMs), "ms",
                "DynamoDB PutItem, average", r.median(StackBench.StressRun::putItemMs), "60-80 ms (NanoTwitter)"));
        figures.add(Figure.of("stress", "follow, average", r.median(StackBench.StressRun::followMs), "ms",
                "DynamoDB PutItem, average", r.median(StackBench.StressRun::putItemMs), "2-4 ms (NanoTwitter)"));
        figures.add(Figure.of("stress", "home timeline read, average", r.median(StackBench.StressRun::timelineMs),
                "ms", "Redis GET, average", r.median(StackBench.StressRun::redisGetMs), "17-20 ms (NanoTwitter)"));
        var api = r.albums();
        var direct = r.albumsInProcess();
        figures.add(Figure.of("albums", "POST /albums + GET /albums/{id} alternated, requests/s ("
                        + StackBench.ALBUM_CLIENTS + " clients)", api.requestsPerSecond(), "/s",
                "the same calls on AlbumService in process", direct.requestsPerSecond(),
                "4,800-5,400 requests/s (3 servlets)"));
        figures.add(Figure.of("albums", "the same, p50", api.percentileMillis(50), "ms", "in process, p50",
                direct.percentileMillis(50), ""));
        figures.add(Figure.of("albums", "the same, p99", api.percentileMillis(99), "ms", "in process, p99",
                direct.percentileMillis(99), ""));
        charts("albums", "album store, " + StackBench.ALBUM_CLIENTS + " clients, POST and GET alternated", api, direct,
                "requests/s", LoadDriver.Second::requestsPerSecond);
        report.save();
    }

    private static BenchReport report(String name, String arguments) {
        return new BenchReport(name, "./scaleout bench " + arguments);
    }

    /** The latency and throughput charts of one HTTP load run, with its baseline run on the throughput chart. */
    private void charts(String name, String title, LoadDriver.Run run, LoadDriver.Run baseline, String rateTitle,
                        java.util.function.ToDoubleFunction<LoadDriver.Second> rate) throws IOException {
        String latency = name + "-latency.png";
        String throughput = name + "-throughput.png";
        ChartWriter.latencyOverTime(CHARTS.resolve(latency), title + ": latency per second", run);
        ChartWriter.throughputOverTime(CHARTS.resolve(throughput), title + ": throughput per second", rateTitle, rate,
                run, baseline);
        charts.add(new Chart(latency, title + ": p50, p95 and p99 of each second (seconds in which no request "
                + "completed left out)"));
        charts.add(new Chart(throughput, title + ": completed per second, and the baseline run's (dashed)"));
    }

    // -------------------------------------------------------------------------------------------------- block

    private String block(Machine machine, Instant date, double total, String loadBefore, String loadAfter) {
        var out = new StringBuilder();
        out.append("## Benchmark suite (generated)\n\n");
        out.append("Generated by `./scaleout bench` (between the bench-suite markers: the next run replaces it; the "
                + "sections after it explain each benchmark and keep earlier runs' figures).\n\n");
        out.append("- **Date:** ").append(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
                .withZone(ZoneOffset.UTC).format(date)).append('\n');
        out.append("- **Machine:** ").append(machine.describe()).append("; load average (1 / 5 / 15 min) ")
                .append(loadBefore).append(" at the start, ").append(loadAfter).append(" at the end\n");
        out.append("- **Command:** `./scaleout bench`, ").append(duration(total)).append(" in all (");
        out.append(String.join(", ", steps.stream().map(s -> s.name() + " " + duration(s.seconds())
                + (s.failure() == null ? "" : " FAILED")).toList()));
        out.append("); each step's own output: `bench/target/bench/<step>.md`\n\n");
        out.append("| area | figure | value | baseline (same run) | baseline value | ratio | the seed's figure |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (var f : figures) {
            out.append(String.format("| %s | %s | %s | %s | %s | %s | %s |%n", f.area(), f.figure(), f.value(),
                    f.baseline(), f.baselineValue(), f.ratio(), f.seed()));
        }
        out.append("\nRatio = value / baseline. The seeds' figures come from other machines and setups (see the "
                + "sections below): context, not a comparison.\n");
        for (var chart : charts) {
            out.append("\n![").append(chart.caption()).append("](docs/bench/").append(chart.file()).append(")\n");
        }
        return out.toString();
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        double magnitude = Math.abs(value);
        String pattern = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** "83,228/s", "24.0 ms". */
    static String withUnit(double value, String unit) {
        return number(value) + (unit.startsWith("/") ? "" : " ") + unit;
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
    }

    static String duration(double seconds) {
        long whole = Math.round(seconds);
        return whole < 60 ? whole + " s" : String.format(Locale.ROOT, "%d min %02d s", whole / 60, whole % 60);
    }
}
