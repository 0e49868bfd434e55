package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.AdminApi;
import com.scaleout.client.ApiRequest;
import com.scaleout.client.BusyResend;
import com.scaleout.client.ScaleoutClient;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.domain.Session;
import com.scaleout.functions.social.dynamodb.DynamoSessionStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.lang.management.ManagementFactory;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * {@code ./scaleout bench live [connections] [tweets]}: the Live WebSocket API's home-timeline pushes, on one local
 * stack started as {@code ./scaleout up} starts it. An author gets N followers (default 1,000; {@code POST
 * /admin/stress}'s bulk fans), each with a session written as a login writes it; each follower opens a connection
 * with its token (the JDK's WebSocket client, {@value #HANDSHAKES_IN_FLIGHT} handshakes at a time) and subscribes
 * to {@code home}. Then the author tweets T times (default {@value #TWEETS}), each tweet once the last one has
 * reached every connection: for each connection, the time from the {@code 201} of {@code POST /tweets} to the
 * tweet's arrival, and whether it arrived exactly once; as the same run's baseline, from the same {@code 201} to
 * the tweet being first in {@value #TIMELINE_SAMPLE} followers' {@code GET /timeline} (the fanout to the Redis
 * timelines, polled). Also the heap the open connections take in this JVM (the runtime's and the clients'), and the
 * Live function's invocations.
 */
final class LiveBench {
    static final int TWEETS = 12;
    static final int TIMELINE_SAMPLE = 5;
    static final int HANDSHAKES_IN_FLIGHT = 8;
    /** Fans per {@code POST /admin/stress}: 1,000 took over 30 s on this machine, busy (the integration timeout). */
    static final int FANS_PER_REQUEST = 250;
    /** Attempts of one seeding call while the stack answers busy, 2 s apart. */
    static final int SEED_ATTEMPTS = 60;
    static final int SESSION_WRITERS = 8;
    private static final String PASSWORD = "live-bench-password";
    /** How long one tweet may take to reach every connection and the sampled timelines. */
    private static final Duration ARRIVAL_BUDGET = Duration.ofSeconds(60);
    private static final Duration TIMELINE_POLL = Duration.ofMillis(20);
    private static final double MIB = 1024.0 * 1024;
    static final Path CHART = Path.of("docs", "bench", "live-latency.png");

    private LiveBench() {
    }

    /** A follower: who it is and the bearer token of its session. */
    record Follower(String userId, String username, String token) {
    }

    /** One tweet's figures: latencies in ms from its 201, over the connections it reached and the timelines. */
    record TweetRun(int number, List<Double> pushMillis, int duplicates, List<Double> timelineMillis) {
    }

    static void run(int connections, int tweets) throws Exception {
        if (connections < 1 || tweets < 1) {
            throw new IllegalArgumentException("connections and tweets must be at least 1");
        }
        var report = new BenchReport("live", String.format(Locale.ROOT, "./scaleout bench live %d %d", connections,
                tweets));
        System.setProperty(AdminKey.VARIABLE, LocalRuntime.DEFAULT_ADMIN_KEY);
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(ScaleBench.freshDataDir("bench-live"));
        try (var live = InvocationTally.of(ScaleoutDeclaration.LIVE);
             var fanout = InvocationTally.of(ScaleoutDeclaration.SOCIAL_FANOUT);
             var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config);
             var clients = new LiveClients()) {
            var api = new BenchApi(runtime.url());
            String star = "live" + randomTag();
            String starToken = api.signUp(star, PASSWORD);
            var followers = followers(runtime, api, star, connections);
            String url = runtime.webSocketUrls().getFirst();

            // a first tenth of the connections (at least a batch) warms the Live function's environments up, so
            // that the heap measured around the rest holds connections, not handler instances
            int warm = Math.min(connections - 1, Math.max(HANDSHAKES_IN_FLIGHT * 4, connections / 10));
            System.out.printf("opening %d warm-up connections to %s%n", warm, url);
            clients.open(url, tokens(followers.subList(0, warm)), "home", HANDSHAKES_IN_FLIGHT, n -> { });
            long heapBefore = heapUsedAfterGc();
            int environmentsBefore = runtime.function(ScaleoutDeclaration.LIVE).environments();
            long invocationsBefore = live.invocations();
            long started = System.nanoTime();
            int measured = connections - warm;
            System.out.printf("opening %d connections, each subscribed to home%n", measured);
            clients.open(url, tokens(followers.subList(warm, connections)), "home", HANDSHAKES_IN_FLIGHT,
                    n -> progress("subscribed", n, measured));
            double openSeconds = (System.nanoTime() - started) / 1e9;
            long openInvocations = live.invocations() - invocationsBefore;
            long heapAfter = heapUsedAfterGc();
            int environmentsAfter = runtime.function(ScaleoutDeclaration.LIVE).environments();

            long pushInvocationsBefore = live.invocations();
            var runs = new ArrayList<TweetRun>();
            var sample = followers.subList(0, Math.min(TIMELINE_SAMPLE, followers.size()));
            // tweet 0 warms the pushers up (their first management API client, the stream consumers' JIT): its
            // first push took twice the next ones' in trials; it is shown, not counted
            InvocationTally.Snapshot fanoutBefore = null;
            for (int t = 0; t <= tweets; t++) {
                if (t == 1) {
                    fanoutBefore = fanout.snapshot();
                }
                var tweetRun = tweet(api, starToken, t, clients, sample);
                runs.add(tweetRun);
                System.out.printf(Locale.ROOT, "tweet %d/%d%s: reached %d of %d connections, push p50 %.0f ms, "
                                + "max %.0f ms; timelines p50 %.0f ms%n", t, tweets, t == 0 ? " (warm-up)" : "",
                        tweetRun.pushMillis().size(), connections, percentile(tweetRun.pushMillis(), 50),
                        percentile(tweetRun.pushMillis(), 100), percentile(tweetRun.timelineMillis(), 50));
            }
            long pushInvocations = live.invocations() - pushInvocationsBefore;
            var fanouts = fanoutBefore == null ? fanout.snapshot() : fanout.snapshot().since(fanoutBefore);
            write(report, connections, warm, runs, new Memory(measured, heapBefore, heapAfter, environmentsBefore,
                    environmentsAfter), openSeconds, openInvocations, pushInvocations, clients.problems());
            writeFanouts(report, fanouts, tweets);
            chart(runs.subList(1, runs.size()));
            System.out.println("closing the connections");
            long disconnectsFrom = live.invocations();
            if (!clients.closeGently(HANDSHAKES_IN_FLIGHT, () -> live.invocations() - disconnectsFrom,
                    ARRIVAL_BUDGET)) {
                System.out.println("  some $disconnect invocations had not run when the stack stopped");
            }
        }
        report.save();
        BenchmarksBlock.named("live").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
    }

    /** The heap taken by the measured connections, and the Live function's environments around them. */
    private record Memory(int connections, long heapBefore, long heapAfter, int environmentsBefore,
                          int environmentsAfter) {
        double kibPerConnection() {
            return (heapAfter - heapBefore) / 1024.0 / connections;
        }

        double connectionsPerGib() {
            return connections * 1024.0 * MIB / Math.max(1, heapAfter - heapBefore);
        }
    }

    /**
     * {@code count} new followers of {@code star}: {@code POST /admin/stress}'s fans, seeded in bulk and each
     * following the star (a follow per follower through the API took 3 minutes for 1,000 on this machine), in
     * chunks, each under an Idempotency-Key so that a chunk answered busy can be sent again (the count is checked);
     * each chunk also has the star tweet once, before anyone listens. Read back from {@code GET /users/{star}/followers}, each is given a session through the product's own
     * store, as a login writes it (a login per follower would spend a bcrypt hash each, minutes of the machine's CPU).
     */
    private static List<Follower> followers(LocalRuntime runtime, BenchApi api, String star, int count)
            throws Exception {
        // sent again while busy (the gateway's 503 at its timeout, the function still running: 409) under the same
        // Idempotency-Key, which replays the first run's answer instead of seeding the fans twice
        var admin = ScaleoutClient.to(runtime.url()).timeout(Duration.ofSeconds(60))
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .resend(new BusyResend(answer -> answer.status() == 409 || answer.status() == 429
                        || answer.status() >= 502, SEED_ATTEMPTS, attempt -> Duration.ofSeconds(2))).build();
        for (int given = 0; given < count; given += FANS_PER_REQUEST) {
            int fans = Math.min(FANS_PER_REQUEST, count - given);
            var answer = admin.send(ApiRequest.of("POST", "/admin/stress")
                    .header(AdminApi.KEY_HEADER, LocalRuntime.DEFAULT_ADMIN_KEY)
                    .header("Idempotency-Key", star + "-fans-" + given)
                    .json(Map.of("star", star, "n", 1, "fan", fans)));
            if (!answer.isSuccess()) {
                throw new IllegalStateException("seeding " + star + "'s fans: " + answer.describe());
            }
            progress(star + "'s followers", given + fans, count);
        }
        var accounts = new ArrayList<JsonNode>();
        String cursor = null;
        do {
            var page = api.send("GET", "/users/" + star + "/followers?limit=100"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)),
                    null, null);
            page.get("items").forEach(accounts::add);
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        if (accounts.size() != count) {
            throw new IllegalStateException(star + " has " + accounts.size() + " followers, not " + count
                    + " (a seeding call ran twice?)");
        }
        var store = new DynamoSessionStore(runtime.dynamoDb(), SocialTables.fromEnvironment());
        var random = new SecureRandom();
        Instant now = Instant.now();
        var followers = new ArrayList<Follower>();
        try (var writers = Executors.newFixedThreadPool(SESSION_WRITERS)) {
            var writes = new ArrayList<Future<?>>();
            for (JsonNode account : accounts) {
                byte[] secret = new byte[32];
                random.nextBytes(secret);
                String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret); // a login's shape
                var follower = new Follower(account.get("id").asText(), account.get("username").asText(), token);
                followers.add(follower);
                writes.add(writers.submit(() -> store.save(new Session(SessionService.sessionId(token),
                        follower.userId(), follower.username(), now, now.plus(SessionService.SESSION_TTL)))));
            }
            for (var write : writes) {
                write.get();
            }
        }
        System.out.printf("%,d sessions written%n", followers.size());
        return followers;
    }

    /**
     * Posts tweet {@code number} and waits until it has reached every connection and is first in every sampled
     * follower's timeline, or the budget is spent (what did not arrive then is reported as missing).
     */
    private static TweetRun tweet(BenchApi api, String token, int number, LiveClients clients, List<Follower> sample)
            throws Exception {
        String id = api.send("POST", "/tweets", token, Map.of("text", "live bench tweet " + number + " #livebench"))
                .get("id").asText();
        long created = System.nanoTime();
        long giveUp = created + ARRIVAL_BUDGET.toNanos();
        var timelineMillis = new ArrayList<Double>();
        var waiting = new HashSet<>(sample);
        while (!waiting.isEmpty() && System.nanoTime() < giveUp) {
            for (var follower : List.copyOf(waiting)) {
                var items = api.send("GET", "/timeline?limit=1", follower.token(), null).get("items");
                if (!items.isEmpty() && id.equals(items.get(0).get("id").asText())) {
                    timelineMillis.add((System.nanoTime() - created) / 1e6);
                    waiting.remove(follower);
                }
            }
            if (!waiting.isEmpty()) {
                Thread.sleep(TIMELINE_POLL.toMillis()); // a client's polling interval, not a wait on the stack
            }
        }
        clients.awaitReached(id, clients.size(), Duration.ofNanos(Math.max(0, giveUp - System.nanoTime())));
        // a push that overtook the 201 on its way counts as 0 ms
        var pushMillis = clients.arrivals(id).stream().map(at -> Math.max(0, at - created) / 1e6).toList();
        return new TweetRun(number, pushMillis, clients.duplicates(id), timelineMillis);
    }

    private static void write(BenchReport report, int connections, int warm, List<TweetRun> runs, Memory memory,
                              double openSeconds, long openInvocations, long pushInvocations, List<String> problems) {
        var counted = runs.subList(1, runs.size());
        var push = new ArrayList<Double>();
        var timeline = new ArrayList<Double>();
        long delivered = 0;
        long duplicates = 0;
        for (var run : counted) {
            push.addAll(run.pushMillis());
            timeline.addAll(run.timelineMillis());
            delivered += run.pushMillis().size();
            duplicates += run.duplicates();
        }
        long expected = (long) connections * counted.size();
        report.line("Machine: " + Machine.detect().describe() + "; load average at the end "
                + Machine.loadAverage() + ".");
        report.line("");
        report.line(String.format(Locale.ROOT, "%,d followers of one author, each on its own connection to the "
                + "local Live API (`ws://127.0.0.1:PORT/live?token=...`, the JDK's WebSocket client, %d handshakes "
                + "at a time) subscribed to `home`; then %d tweets by the author (after one to warm up, not counted), "
                + "each once the last had reached every connection. Push: from the 201 of `POST /tweets` to the tweet's arrival on a connection. "
                + "Baseline, the same tweets: from the same 201 to the tweet being first in `GET /timeline` of %d "
                + "followers (the fanout's Redis timelines, polled every %d ms).", connections,
                HANDSHAKES_IN_FLIGHT, counted.size(), TIMELINE_SAMPLE, TIMELINE_POLL.toMillis()));
        report.line("");
        report.line("| tweet | reached | duplicates | push p50 / p99 / max ms | timeline p50 / max ms |");
        report.line("|---:|---:|---:|---:|---:|");
        for (var run : runs) {
            report.line(String.format(Locale.ROOT, "| %s | %,d | %d | %.0f / %.0f / %.0f | %.0f / %.0f |",
                    run.number() == 0 ? "warm-up" : String.valueOf(run.number()), run.pushMillis().size(), run.duplicates(), percentile(run.pushMillis(), 50),
                    percentile(run.pushMillis(), 99), percentile(run.pushMillis(), 100),
                    percentile(run.timelineMillis(), 50), percentile(run.timelineMillis(), 100)));
        }
        report.line("");
        report.line("| figure | value |");
        report.line("|---|---:|");
        report.line(String.format(Locale.ROOT, "| pushes delivered / expected (exactly once each) | %,d / %,d, "
                + "%,d duplicates |", delivered, expected, duplicates));
        report.line(String.format(Locale.ROOT, "| push latency p50 / p99 / max, ms | %.0f / %.0f / %.0f |",
                percentile(push, 50), percentile(push, 99), percentile(push, 100)));
        report.line(String.format(Locale.ROOT, "| timeline latency p50 / p99 / max, ms (%d polled, %d seen) | "
                + "%.0f / %.0f / %.0f |", TIMELINE_SAMPLE * counted.size(), timeline.size(), percentile(timeline, 50),
                percentile(timeline, 99), percentile(timeline, 100)));
        report.line(String.format(Locale.ROOT, "| ratio push p50 / timeline p50 | %.2f |",
                percentile(push, 50) / percentile(timeline, 50)));
        report.line(String.format(Locale.ROOT, "| ratio push p99 / timeline p99 | %.2f |",
                percentile(push, 99) / percentile(timeline, 99)));
        report.line(String.format(Locale.ROOT, "| %,d connections opened and subscribed in | %.1f s (%.0f/s) |",
                memory.connections(), openSeconds, memory.connections() / openSeconds));
        report.line(String.format(Locale.ROOT, "| heap after a GC, before / after them | %.1f / %.1f MiB |",
                memory.heapBefore() / MIB, memory.heapAfter() / MIB));
        report.line(String.format(Locale.ROOT, "| heap per connection (runtime and client, one JVM) | %.1f KiB |",
                memory.kibPerConnection()));
        report.line(String.format(Locale.ROOT, "| connections per GiB of heap (a lower bound for the runtime) | "
                + "%,.0f |", memory.connectionsPerGib()));
        report.line(String.format(Locale.ROOT, "| Live function's environments before / after them | %d / %d |",
                memory.environmentsBefore(), memory.environmentsAfter()));
        report.line(String.format(Locale.ROOT, "| Live invocations opening them ($connect + subscribe) | %,d "
                + "(%.2f per connection) |", openInvocations, (double) openInvocations / memory.connections()));
        report.line(String.format(Locale.ROOT, "| Live invocations while the tweets were pushed | %,d |",
                pushInvocations));
        report.line("");
        report.line(String.format(Locale.ROOT, "The first %,d connections (not measured) warmed the Live function "
                + "up. The benchmark's clients share the runtime's JVM: the heap per connection counts both ends of "
                + "each connection, so the runtime alone holds more connections per GiB than shown.", warm));
        report.line("");
        report.line("![Live pushes, per tweet: push p50 and p99, and the sampled timelines' p50 (dashed)](" + CHART
                + ")");
        if (!problems.isEmpty()) {
            report.line("");
            report.line(String.format(Locale.ROOT, "%d problems on the connections, the first: %s", problems.size(),
                    problems.stream().limit(5).toList()));
        }
    }

    /**
     * What the fanout function did for the counted tweets (its invocations carry the timelines' inserts and the
     * home pushes alike): where the push's time beyond the timelines' goes.
     */
    private static void writeFanouts(BenchReport report, InvocationTally.Snapshot fanouts, int tweets) {
        report.line("");
        report.line(String.format(Locale.ROOT, "The fanout function (`%s`) over the %d counted tweets: %,d "
                + "invocations, %.0f ms of them per tweet; DynamoDB per tweet: %.0f Query, %.0f GetItem, %.0f "
                + "calls in all (%s).", ScaleoutDeclaration.SOCIAL_FANOUT, tweets, fanouts.invocations(),
                fanouts.millis() / tweets, fanouts.calls("Query") / (double) tweets,
                fanouts.calls("GetItem") / (double) tweets,
                fanouts.dynamoDbCalls().values().stream().mapToLong(Long::longValue).sum() / (double) tweets,
                nonZero(fanouts.dynamoDbCalls())));
    }

    /** The operations actually called (a tally may hold an operation it was only asked about). */
    private static java.util.SortedMap<String, Long> nonZero(java.util.Map<String, Long> calls) {
        var made = new java.util.TreeMap<String, Long>();
        calls.forEach((operation, count) -> {
            if (count > 0) {
                made.put(operation, count);
            }
        });
        return made;
    }

    /** Each counted tweet's push p50 and p99 and its timelines' p50 (dashed, the baseline), in docs/bench. */
    private static void chart(List<TweetRun> runs) throws java.io.IOException {
        double[] x = runs.stream().mapToDouble(TweetRun::number).toArray();
        ChartWriter.write(CHART, "Live pushes to home streams: latency per tweet", "tweet", "ms after the 201",
                List.of(new ChartWriter.Series("push p50", x, values(runs, r -> percentile(r.pushMillis(), 50)),
                                false),
                        new ChartWriter.Series("push p99", x, values(runs, r -> percentile(r.pushMillis(), 99)),
                                false),
                        new ChartWriter.Series("timeline p50 (baseline)", x,
                                values(runs, r -> percentile(r.timelineMillis(), 50)), true)));
    }

    private static double[] values(List<TweetRun> runs, java.util.function.ToDoubleFunction<TweetRun> figure) {
        return runs.stream().mapToDouble(figure).map(v -> Double.isNaN(v) ? 0 : v).toArray();
    }

    private static List<String> tokens(List<Follower> followers) {
        return followers.stream().map(Follower::token).toList();
    }

    private static long heapUsedAfterGc() {
        var memory = ManagementFactory.getMemoryMXBean();
        memory.gc();
        memory.gc(); // a second collection takes what the first one's finalization and reference processing freed
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** The value at {@code percentile} (100: the maximum) of latencies in ms; NaN for none. */
    static double percentile(List<Double> millis, double percentile) {
        if (millis.isEmpty()) {
            return Double.NaN;
        }
        var histogram = new Histogram(3);
        millis.forEach(ms -> histogram.recordValue(Math.round(ms * 1000)));
        return (percentile >= 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile)) / 1000.0;
    }

    private static void progress(String what, int done, int of) {
        if (done % 100 == 0 || done == of) {
            System.out.printf("  %s %,d of %,d%n", what, done, of);
        }
    }

    private static String randomTag() {
        String digits = Long.toString(new SecureRandom().nextLong(36L * 36 * 36 * 36 * 36 * 36), 36);
        return "0".repeat(6 - digits.length()) + digits;
    }
}
