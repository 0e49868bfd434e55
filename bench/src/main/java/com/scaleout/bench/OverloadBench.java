package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.bench.soak.AcceptedWrites;
import com.scaleout.bench.soak.ApiStackView;
import com.scaleout.bench.soak.Findings;
import com.scaleout.bench.soak.Reconciler;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.http.LocalHttpApi;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * {@code ./scaleout bench overload [seconds]}: the stack pushed past what it can serve and let go again, as a
 * tester would see it. A social mix (tweets, home timelines, tweet reads, one-term searches, by {@value #ACCOUNTS}
 * accounts that follow each other) is sent closed-loop first, after a warm-up of the same, to find the sustainable
 * rate R; then open-loop (each request sent on its schedule, answered or not) at {@value #NORMAL_SHARE} R for the
 * normal phase, at {@value #OVERLOAD_FACTOR} R for {@code seconds} (60 by default), and at the normal rate again for
 * as long.
 * Reported: each phase's answers by status (a 429 or 503 must carry Retry-After; a 500 or a request unanswered
 * after {@value #HANG_SECONDS} s is a defect), p99 per {@value #WINDOW_SECONDS}-second window by send time, and the
 * recovery time: from the overload's end to the end of the last window after it whose p99 passed
 * {@value #RECOVERED_P99} × the slowest normal-phase window's or that had an answer other than 2xx; the connection
 * attempts the kernel dropped because the gateway accepted too slowly (Linux). Then the streams are
 * drained, the on-failure records counted, and every accepted tweet reconciled with what the API shows (the soak's
 * checks).
 */
final class OverloadBench {
    static final int ACCOUNTS = 20;
    static final int FOLLOWS_EACH = 5;
    static final int CALIBRATION_CLIENTS = 8;
    static final double NORMAL_SHARE = 0.5;
    static final double OVERLOAD_FACTOR = 3.0;
    /** Past the gateway's 30-s integration timeout, so that its 503 then is an answer and only a hang is not. */
    static final int HANG_SECONDS = 35;
    static final int WINDOW_SECONDS = 5;
    static final double RECOVERED_P99 = 1.5;
    /** Requests in flight at most: past that, the client counts a request as unanswered instead of sending it. */
    static final int MAX_IN_FLIGHT = 4_000;
    /**
     * The load client's threads: platform ones, so that its sends and the reading of its answers do not queue behind
     * the stack's own virtual threads for the same two carriers (which would count the client's lateness as the
     * stack's).
     */
    private static final java.util.concurrent.ThreadFactory CLIENT_THREADS =
            Thread.ofPlatform().name("load-client-", 0).daemon(true).factory();
    private static final Duration CALIBRATION = Duration.ofSeconds(20);
    /**
     * The same load before the calibration, not counted: every function's environments start and its JIT settles.
     * Without it R measured the warm-up (calibration p99 1,820 ms, the normal phase after it 78 ms).
     */
    private static final Duration WARM_UP = Duration.ofSeconds(15);
    private static final Duration NORMAL = Duration.ofSeconds(30);
    /** A search word per this many tweets: the soak's checks look each group up by search. */
    private static final int GROUP = 20;
    /** The mix, in percent: tweets, home timelines and tweet reads; one-term searches are the rest. */
    private static final int TWEETS_PERCENT = 30;
    private static final int TIMELINES_PERCENT = 45;
    private static final int READS_PERCENT = 15;

    private static final java.util.logging.Logger LOG =
            java.util.logging.Logger.getLogger(OverloadBench.class.getName());

    private OverloadBench() {
    }

    /** What one request met: when it was due (ns since the run's origin), its latency, its status (0: none). */
    record Answer(String phase, long dueNanos, long latencyNanos, int status, boolean retryAfter, long lateNanos) {
    }

    /** What the stack answered (status 0: nothing) and how long it took from the send. */
    record Reply(int status, boolean retryAfter, long latencyNanos) {
    }

    /** One closed-loop client of the mix: each request sent when the last is answered. */
    private static LoadDriver.Request closedLoop(World world, Random random) {
        return () -> {
            var reply = world.send(random);
            return reply.status() / 100 == 2 ? LoadDriver.Outcome.ok(1)
                    : LoadDriver.Outcome.failed("status " + reply.status());
        };
    }

    static void run(int overloadSeconds) throws Exception {
        var report = new BenchReport("overload", "./scaleout bench overload " + overloadSeconds);
        System.setProperty(AdminKey.VARIABLE, LocalRuntime.DEFAULT_ADMIN_KEY);
        Path dataDir = ScaleBench.freshDataDir("bench-overload");
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(dataDir);
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var world = World.create(runtime.url());
            System.out.printf("warming up: %d clients back to back for %d s, not counted%n", CALIBRATION_CLIENTS,
                    WARM_UP.toSeconds());
            LoadDriver.run("warm-up", CALIBRATION_CLIENTS, WARM_UP, c -> closedLoop(world, new Random(-1 - c)));
            System.out.printf("calibrating: %d clients back to back for %d s%n", CALIBRATION_CLIENTS,
                    CALIBRATION.toSeconds());
            var calibration = LoadDriver.run("calibration", CALIBRATION_CLIENTS, CALIBRATION,
                    c -> closedLoop(world, new Random(c)));
            double sustainable = (calibration.requests() - calibration.failures()) / calibration.seconds();
            double normalRate = NORMAL_SHARE * sustainable;
            double overloadRate = OVERLOAD_FACTOR * sustainable;
            ScaleBench.awaitDrained(runtime, Instant.now());

            var answers = new ConcurrentLinkedQueue<Answer>();
            var schedule = new OpenLoop(world, answers);
            long origin = System.nanoTime();
            long overloadStart = origin + NORMAL.toNanos();
            long overloadEnd = overloadStart + TimeUnit.SECONDS.toNanos(overloadSeconds);
            long end = overloadEnd + TimeUnit.SECONDS.toNanos(overloadSeconds);
            System.out.printf("open loop: %.0f/s for %d s, %.0f/s for %d s, %.0f/s for %d s%n", normalRate,
                    NORMAL.toSeconds(), overloadRate, overloadSeconds, normalRate, overloadSeconds);
            var dropsBefore = Machine.listenDrops();
            schedule.send("normal", origin, origin, overloadStart, normalRate);
            schedule.send("overload", origin, overloadStart, overloadEnd, overloadRate);
            schedule.send("after", origin, overloadEnd, end, normalRate);
            schedule.awaitAnswers();
            var dropsAfter = Machine.listenDrops();
            Instant written = Instant.now();
            boolean drained = ScaleBench.awaitDrained(runtime, written);
            long onFailure = ScaleBench.onFailureRecords(dataDir.resolve("on-failure"));
            System.out.println("reconciling " + world.tweets.size() + " tweets with what the API shows");
            Findings findings = new Reconciler(new ApiStackView(runtime.url(), client -> null))
                    .reconcile(world.writes());

            var all = List.copyOf(answers);
            report.line(String.format(Locale.ROOT, "Sustainable rate R, %d clients back to back for %d s after %d s "
                    + "of the same to warm up: %.1f "
                    + "requests/s (p99 %.0f ms). Open loop: %.1f/s (%.1f R) for %d s, %.1f/s (%.1f R) for %d s, "
                    + "%.1f/s again for %d s; a mix of %d %% POST /tweets, %d %% GET /timeline, %d %% GET /tweets/{id}"
                    + ", %d %% one-term search by %d accounts.", CALIBRATION_CLIENTS, CALIBRATION.toSeconds(),
                    WARM_UP.toSeconds(),
                    sustainable, calibration.percentileMillis(99), normalRate, NORMAL_SHARE, NORMAL.toSeconds(),
                    overloadRate, OVERLOAD_FACTOR, overloadSeconds, normalRate, overloadSeconds, TWEETS_PERCENT,
                    TIMELINES_PERCENT, READS_PERCENT, 100 - TWEETS_PERCENT - TIMELINES_PERCENT - READS_PERCENT,
                    ACCOUNTS));
            report.line("");
            report.line("| phase | sent | 2xx | 429 | 503 | busy without Retry-After | 500s | unanswered "
                    + "(> " + HANG_SECONDS + " s) | p50 ms | p99 ms | sent late by the client, p99 ms |");
            report.line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (String phase : List.of("normal", "overload", "after")) {
                var of = all.stream().filter(a -> a.phase().equals(phase)).toList();
                report.line(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %.0f | %.0f "
                        + "| %.0f |",
                        phase, of.size(), count(of, a -> a.status() / 100 == 2), count(of, a -> a.status() == 429),
                        count(of, a -> a.status() == 503),
                        count(of, a -> (a.status() == 429 || a.status() == 503) && !a.retryAfter()),
                        count(of, a -> a.status() >= 500 && a.status() != 503), count(of, a -> a.status() == 0),
                        percentile(of, 50), percentile(of, 99),
                        percentile(of, Answer::lateNanos, 99)));
            }
            report.line("");
            // the baseline is the normal phase's windows, of the same width: a window's p99 is only its third or
            // so slowest answer, noisier than the p99 of the whole phase
            var normalWindows = windows(all, 0, overloadStart - origin);
            double normalWindowP99 = normalWindows.stream().mapToDouble(Window::p99).max().orElseThrow();
            var windows = windows(all, overloadEnd - origin, end - origin);
            double recovery = recoverySeconds(windows, normalWindowP99);
            report.line(String.format(Locale.ROOT, "p99 by send time, %d-s windows: normal phase %s; after the "
                    + "overload %s.", WINDOW_SECONDS, describe(normalWindows), describe(windows)));
            report.line(String.format(Locale.ROOT, "Recovered (every later window at most %.1f × the slowest normal "
                    + "window's p99 of %.0f ms, and all 2xx) %s; %s; %d stream records sent to the on-failure "
                    + "destination; %s; %,d requests answered 503 at the gateway's %d-s integration timeout and "
                    + "%,d answered 429 at once by its admission (too many in flight to answer in time); "
                    + "reconciliation of %,d accepted tweets: %s.", RECOVERED_P99, normalWindowP99,
                    Double.isNaN(recovery) ? "**not within the after phase**"
                            : String.format(Locale.ROOT, "**%.0f s after the overload ended**", recovery),
                    drained ? "every stream poller drained" : "the stream pollers still behind after "
                            + ScaleBench.DRAIN_LIMIT.toMinutes() + " min", onFailure,
                    dropsBefore.isPresent() && dropsAfter.isPresent()
                            ? String.format(Locale.ROOT, "%,d connection attempts dropped by the kernel (a full "
                            + "accept queue) during the run", dropsAfter.getAsLong() - dropsBefore.getAsLong())
                            : "connection attempts dropped by the kernel not known here",
                    runtime.integrationTimeouts(), LocalHttpApi.INTEGRATION_TIMEOUT.toSeconds(),
                    runtime.shedRequests(), world.acceptedTweets(), missing(findings)));
        }
        report.save();
        BenchmarksBlock.named("overload").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
    }

    /** The accounts, their follows and a few tweets to read; then, per request, one request of the mix. */
    static final class World {
        private final String base;
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newCachedThreadPool(CLIENT_THREADS)).build();
        private final List<String> usernames = new ArrayList<>();
        private final List<String> tokens = new ArrayList<>();
        private final List<AcceptedWrites.FollowChange> follows = new ArrayList<>();
        private final List<String> readable = new CopyOnWriteArrayList<>();
        final List<AcceptedWrites.Tweet> tweets = Collections.synchronizedList(new ArrayList<>());
        private final AtomicLong posted = new AtomicLong();

        private World(String base) {
            this.base = base;
        }

        static World create(String base) throws Exception {
            var world = new World(base);
            var api = new BenchApi(base);
            String tag = Long.toString(System.nanoTime() % 1_000_000, 36);
            for (int a = 0; a < ACCOUNTS; a++) {
                String name = "over" + tag + "_" + a;
                world.usernames.add(name);
                world.tokens.add(api.signUp(name, ApiStackView.LOAD_PASSWORD));
            }
            for (int a = 0; a < ACCOUNTS; a++) {
                for (int f = 1; f <= FOLLOWS_EACH; f++) {
                    String followee = world.usernames.get((a + f) % ACCOUNTS);
                    api.send("PUT", "/me/following/" + followee, world.tokens.get(a), null);
                    world.follows.add(new AcceptedWrites.FollowChange(world.usernames.get(a), followee, true, true));
                }
                String id = api.send("POST", "/tweets", world.tokens.get(a), Map.of("text", "overload setup "
                        + a)).get("id").asText();
                world.readable.add(id);
                world.tweets.add(new AcceptedWrites.Tweet(id, world.usernames.get(a), "overload setup " + a, null,
                        true));
            }
            return world;
        }

        /** One request of the mix, sent and answered (or timed out). */
        Reply send(Random random) {
            int account = random.nextInt(ACCOUNTS);
            String token = tokens.get(account);
            int pick = random.nextInt(100);
            HttpRequest.Builder request;
            String text = null;
            if (pick < TWEETS_PERCENT) {
                long n = posted.getAndIncrement();
                text = "overload tweet " + n + " " + groupWord(n);
                request = builder("/tweets", token).header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("text", text))));
            } else if (pick < TWEETS_PERCENT + TIMELINES_PERCENT) {
                request = builder("/timeline", token).GET();
            } else if (pick < TWEETS_PERCENT + TIMELINES_PERCENT + READS_PERCENT) {
                request = builder("/tweets/" + readable.get(random.nextInt(readable.size())), null).GET();
            } else {
                request = builder("/search?q=" + URLEncoder.encode(groupWord(posted.get()), StandardCharsets.UTF_8),
                        null).GET();
            }
            long start = System.nanoTime();
            int status = 0;
            boolean retryAfter = false;
            String body = null;
            try {
                var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                status = response.statusCode();
                retryAfter = response.headers().firstValue("retry-after").isPresent();
                body = response.body();
            } catch (java.io.IOException unanswered) {
                // a timeout or a dropped connection: the status stays 0, no answer
                LOG.fine(() -> "no answer: " + unanswered);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            long latency = System.nanoTime() - start;
            if (text != null) {
                recordTweet(account, text, status, body);
            }
            return new Reply(status, retryAfter, latency);
        }

        /** The search word of the {@code n}th tweet's group (the soak's checks search each group by it). */
        private static String groupWord(long n) {
            return "grp" + Long.toString(n / GROUP, 36) + "x";
        }

        private void recordTweet(int account, String text, int status, String body) {
            String id = null;
            if (status == 201 && body != null) {
                try {
                    JsonNode tweet = Json.MAPPER.readTree(body);
                    id = tweet.path("id").asText(null);
                } catch (java.io.IOException unreadable) {
                    LOG.fine(() -> "a 201 without a tweet: " + unreadable); // left unsure, as no answer would be
                }
            }
            // only a 201 is accepted; anything else (a 503, no answer) leaves the outcome unknown to the client
            tweets.add(new AcceptedWrites.Tweet(id, usernames.get(account), text, null, status == 201 && id != null));
        }

        private HttpRequest.Builder builder(String path, String token) {
            var builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(HANG_SECONDS));
            return token == null ? builder : builder.header("authorization", "Bearer " + token);
        }

        long acceptedTweets() {
            return tweets.stream().filter(AcceptedWrites.Tweet::accepted).count();
        }

        AcceptedWrites writes() {
            var users = usernames.stream().map(u -> new AcceptedWrites.User(u, true)).toList();
            return new AcceptedWrites(users, List.copyOf(tweets), List.of(), follows, List.of(), List.of(),
                    List.of());
        }
    }

    /** Requests sent on a fixed schedule on threads of their own, whether or not earlier ones were answered. */
    private static final class OpenLoop {
        private final World world;
        private final ConcurrentLinkedQueue<Answer> answers;
        private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        private final java.util.concurrent.ExecutorService senders = Executors.newCachedThreadPool(CLIENT_THREADS);
        private final Random random = new Random(42);

        OpenLoop(World world, ConcurrentLinkedQueue<Answer> answers) {
            this.world = world;
            this.answers = answers;
        }

        void send(String phase, long origin, long from, long until, double rate) throws InterruptedException {
            long interval = (long) (TimeUnit.SECONDS.toNanos(1) / rate);
            long nextProgress = from + TimeUnit.SECONDS.toNanos(10);
            for (long due = from; due < until; due += interval) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                long dueSinceOrigin = due - origin;
                if (!inFlight.tryAcquire()) {
                    long hang = TimeUnit.SECONDS.toNanos(HANG_SECONDS);
                    answers.add(new Answer(phase, dueSinceOrigin, hang, 0, false, hang));
                    continue;
                }
                var requestRandom = new Random(random.nextLong());
                long dueAt = due;
                senders.execute(() -> {
                    try {
                        // latency from the due time: a request the client could not send on time waited too
                        long late = Math.max(0, System.nanoTime() - dueAt);
                        var reply = world.send(requestRandom);
                        answers.add(new Answer(phase, dueSinceOrigin, late + reply.latencyNanos(), reply.status(),
                                reply.retryAfter(), late));
                    } finally {
                        inFlight.release();
                    }
                });
                if (System.nanoTime() > nextProgress) {
                    System.out.printf("  %s: %.0f s, %,d requests in flight%n", phase,
                            (System.nanoTime() - from) / 1e9, MAX_IN_FLIGHT - inFlight.availablePermits());
                    nextProgress += TimeUnit.SECONDS.toNanos(10);
                }
            }
        }

        void awaitAnswers() throws InterruptedException {
            senders.shutdown();
            senders.awaitTermination(HANG_SECONDS + 30, TimeUnit.SECONDS);
        }
    }

    /** One window after the overload: its p99 and how many answers were not 2xx. */
    record Window(double startSeconds, double p99, long notOk) {
        boolean allOk() {
            return notOk == 0;
        }
    }

    /** Windows of answers due from {@code from} to {@code until} (ns since the run's origin). */
    static List<Window> windows(List<Answer> answers, long from, long until) {
        var windows = new ArrayList<Window>();
        long width = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);
        for (long start = from; start < until; start += width) {
            long windowStart = start;
            var in = answers.stream().filter(a -> a.dueNanos() >= windowStart && a.dueNanos() < windowStart + width)
                    .toList();
            windows.add(new Window((start - from) / 1e9, p99(in), count(in, a -> a.status() / 100 != 2)));
        }
        return windows;
    }

    private static String describe(List<Window> windows) {
        return String.join(", ", windows.stream().map(w -> String.format(Locale.ROOT, "%.0f ms%s", w.p99(),
                w.allOk() ? "" : " (" + w.notOk() + " not 2xx)")).toList());
    }

    /**
     * Seconds from the overload's end to the end of the last window that was not yet normal (slower than
     * {@value #RECOVERED_P99} × {@code normalWindowP99}, or with an answer other than 2xx); NaN: never normal.
     */
    static double recoverySeconds(List<Window> windows, double normalWindowP99) {
        double recovered = 0;
        for (Window window : windows) {
            if (window.p99() > RECOVERED_P99 * normalWindowP99 || !window.allOk()) {
                recovered = window.startSeconds() + WINDOW_SECONDS;
            }
        }
        return windows.isEmpty() || recovered >= windows.getLast().startSeconds() + WINDOW_SECONDS ? Double.NaN
                : recovered;
    }

    private static String missing(Findings findings) {
        if (findings.missing() == 0) {
            return String.format(Locale.ROOT, "all %,d checks hold", findings.checked());
        }
        var failed = findings.checks().stream().filter(c -> c.missing() > 0).findFirst().orElseThrow();
        return String.format(Locale.ROOT, "**%,d of %,d checks failed**, e.g. %s: %s", findings.missing(),
                findings.checked(), failed.name(), failed.examples());
    }

    private static long count(List<Answer> answers, java.util.function.Predicate<Answer> which) {
        return answers.stream().filter(which).count();
    }

    private static double p99(List<Answer> answers) {
        return percentile(answers, 99);
    }

    private static double percentile(List<Answer> answers, double percentile) {
        return percentile(answers, Answer::latencyNanos, percentile);
    }

    /** {@code nanos} of the answers (their latency, or how late the client itself sent them), in ms. */
    private static double percentile(List<Answer> answers, java.util.function.ToLongFunction<Answer> nanos,
                                     double percentile) {
        if (answers.isEmpty()) {
            return 0;
        }
        var histogram = new Histogram(3);
        answers.forEach(a -> histogram.recordValue(Math.max(0, nanos.applyAsLong(a) / 1000)));
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }
}
