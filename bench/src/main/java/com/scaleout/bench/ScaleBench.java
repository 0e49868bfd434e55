package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.social.application.SearchService;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.admin.AdminClient;
import com.scaleout.local.admin.SeedRun;
import com.scaleout.local.streams.StreamPoller;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import net.datafaker.Faker;

/**
 * {@code ./scaleout bench scale [users] [tweetsPerUser] [followsPerUser]}: how the local stack's routes cost as data
 * grows. The p50 of {@code GET /health}, {@code POST /tweets}, {@code PUT /me/following/{u}}, {@code GET /tweets/{id}},
 * {@code GET /timeline} and cold 1-term and 5-term searches is measured on an empty stack; then the stack is seeded
 * through {@code ./scaleout seed}'s own code (default 10,000 accounts, 10 tweets and 20 follows each: 100,000 tweets,
 * 200,000 follows), timed until every stream consumer has caught up; then the same p50s again, and their ratios.
 * Probe tweets use the seed's vocabulary (datafaker names, verbs and hobbies), so the search terms probed after
 * seeding have the seeded tweets' postings too. Each search is cold: a query not asked before. A 1-term search
 * shows a page (the newest 50 tweets with the word), and the seeded words fill one; so that the ratio compares the
 * same page at two sizes of data, not a page of one tweet with a page of 50, each word the empty stack probes alone
 * is in a full page of probe tweets too.
 */
final class ScaleBench {
    private static final int SAMPLES = 40;
    private static final int WARM_UP = 5;
    private static final String PASSWORD = "scale-bench-password";
    static final Duration DRAIN_LIMIT = Duration.ofMinutes(10);

    private ScaleBench() {
    }

    /** One measured phase: each route's latencies (ms). */
    private record Phase(Map<String, List<Double>> latencies) {
        double p50(String route) {
            return BenchReport.median(latencies.get(route));
        }
    }

    static void run(int users, int tweetsPerUser, int followsPerUser) throws Exception {
        var report = new BenchReport("scale", String.format(Locale.ROOT, "./scaleout bench scale %d %d %d", users,
                tweetsPerUser, followsPerUser));
        System.setProperty(AdminKey.VARIABLE, LocalRuntime.DEFAULT_ADMIN_KEY);
        Path dataDir = freshDataDir("bench-scale");
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(dataDir);
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var probes = Probes.create(new BenchApi(runtime.url()), SAMPLES + WARM_UP);
            // the first pass warms the JVM and the functions' environments up (its p50s were up to 3.7 times the
            // seeded stack's): the empty stack's figures are the second pass's
            // each pass on an idle stack: the probes' own sign-ups and tweets worked off by the streams first
            awaitDrained(runtime, Instant.now());
            System.out.println("warming the empty stack up");
            probes.measure(0);
            awaitDrained(runtime, Instant.now());
            System.out.println("measuring the empty stack");
            Phase empty = probes.measure(1);

            var admin = new AdminClient(runtime.url(), LocalRuntime.DEFAULT_ADMIN_KEY);
            long started = System.nanoTime();
            new SeedRun(admin, System.out, System.console() != null).seed("scalebench", users, tweetsPerUser,
                    followsPerUser, SeedRun.LARGEST_CHUNK, true);
            boolean drained = awaitDrained(runtime, Instant.now());
            Duration seeding = Duration.ofNanos(System.nanoTime() - started);
            long onFailure = onFailureRecords(dataDir.resolve("on-failure"));

            System.out.println("measuring the seeded stack");
            Phase seeded = probes.measure(2);

            report.line(String.format(Locale.ROOT, "Seeded %,d accounts, %,d tweets and %,d follows through "
                    + "`./scaleout seed`'s code in %.1f min (%,.0f items/s), %s; %d stream records sent to the "
                    + "on-failure destination.", users, (long) users * tweetsPerUser,
                    (long) users * followsPerUser, seeding.toMillis() / 60_000.0, users * (2.0 + tweetsPerUser
                            + followsPerUser) / Math.max(1, seeding.toSeconds()),
                    drained ? "until every stream consumer had delivered every record"
                            : "the stream consumers still behind " + DRAIN_LIMIT.toMinutes() + " minutes later",
                    onFailure));
            report.line("");
            report.line("p50 of " + SAMPLES + " sequential requests each (ms), on the empty stack and after seeding:");
            report.line("");
            report.line("| route | empty | seeded | seeded / empty |");
            report.line("|---|---:|---:|---:|");
            for (String route : empty.latencies().keySet()) {
                report.line(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.2f× |", route, empty.p50(route),
                        seeded.p50(route), seeded.p50(route) / empty.p50(route)));
            }
            report.line("");
            report.line(String.format(Locale.ROOT, "Cold 5-term search / cold 1-term search: %.2f× empty, %.2f× "
                    + "seeded; cold 5-term search / GET /health: %.1f× empty, %.1f× seeded.",
                    empty.p50(Probes.SEARCH_5) / empty.p50(Probes.SEARCH_1),
                    seeded.p50(Probes.SEARCH_5) / seeded.p50(Probes.SEARCH_1),
                    empty.p50(Probes.SEARCH_5) / empty.p50(Probes.HEALTH),
                    seeded.p50(Probes.SEARCH_5) / seeded.p50(Probes.HEALTH)));
        }
        report.save();
        BenchmarksBlock.named("scale").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
    }

    /**
     * Waits until every stream poller has found its stream worked off in a read begun after {@code written}: every
     * record the seed wrote has been delivered (checked on the pollers themselves, not on the consumers' reports).
     */
    static boolean awaitDrained(LocalRuntime runtime, Instant written) throws InterruptedException {
        long giveUp = System.nanoTime() + DRAIN_LIMIT.toNanos();
        while (System.nanoTime() < giveUp) {
            var behind = runtime.pollers().stream()
                    .filter(poller -> poller.drainedSince().map(at -> at.isBefore(written)).orElse(true))
                    .map(StreamPoller::consumerId).toList();
            if (behind.isEmpty()) {
                return true;
            }
            System.out.println("waiting for the stream pollers to deliver every record: " + String.join(", ", behind));
            Thread.sleep(2_000);
        }
        return false;
    }

    /** A benchmark's data directory with no on-failure records of an earlier run in it (they would be counted). */
    static Path freshDataDir(String name) throws java.io.IOException {
        Path dataDir = Files.createDirectories(Path.of(".scaleout", name));
        Path onFailure = dataDir.resolve("on-failure");
        if (Files.isDirectory(onFailure)) {
            try (var files = Files.list(onFailure)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
        }
        return dataDir;
    }

    static long onFailureRecords(Path directory) throws java.io.IOException {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        long lines = 0;
        try (var files = Files.list(directory)) {
            for (Path file : files.toList()) {
                lines += Files.readAllLines(file).size();
            }
        }
        return lines;
    }

    /** The accounts, tweets and words the measurements use, made before anything is measured. */
    private static final class Probes {
        static final String HEALTH = "GET /health";
        static final String POST = "POST /tweets";
        static final String FOLLOW = "PUT /me/following/{u}";
        static final String GET = "GET /tweets/{id}";
        static final String TIMELINE = "GET /timeline";
        static final String SEARCH_1 = "cold search, 1 term";
        static final String SEARCH_5 = "cold search, 5 terms";
        /** A warm-up pass, the empty stack's, the seeded stack's: each with follow targets and words of its own. */
        static final int PHASES = 3;
        /** One-term words per page-filling probe tweet (about 80 characters of names). */
        static final int WORDS_PER_PAGE_TWEET = 11;

        private final BenchApi api;
        private final String poster;
        private final String reader;
        private final List<String> followees;
        private final List<String> tweetIds;
        private final List<String> words;
        private final Faker faker = new Faker(new Random(42));
        private int posted;

        private Probes(BenchApi api, String poster, String reader, List<String> followees, List<String> tweetIds,
                       List<String> words) {
            this.api = api;
            this.poster = poster;
            this.reader = reader;
            this.followees = followees;
            this.tweetIds = tweetIds;
            this.words = words;
        }

        /** A poster, a reader who follows them, accounts to follow, and tweets in the seed's vocabulary. */
        static Probes create(BenchApi api, int perPhase) throws Exception {
            String tag = UUID.randomUUID().toString().replace("-", "").substring(0, 6);
            String poster = api.signUp("poster" + tag, PASSWORD);
            String reader = api.signUp("reader" + tag, PASSWORD);
            api.send("PUT", "/me/following/poster" + tag, reader, null);
            var followees = new ArrayList<String>();
            for (int i = 0; i < PHASES * perPhase; i++) {
                String name = "f" + tag + i;
                api.send("POST", "/users", null, Map.of("username", name, "password", PASSWORD));
                followees.add(name);
            }
            var faker = new Faker(new Random(7));
            var words = new ArrayList<String>();
            var tweetIds = new ArrayList<String>();
            // every word probed later is in some tweet, so a search has postings to read on the empty stack too
            while (words.size() < PHASES * (perPhase + 5 * perPhase)) {
                String name = (words.size() % 2 == 0 ? faker.name().lastName() : faker.name().firstName())
                        .toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
                if (name.length() < 3 || words.contains(name)) {
                    continue;
                }
                words.add(name);
                if (words.size() % 6 == 0) {
                    var text = String.join(" ", words.subList(words.size() - 6, words.size()));
                    tweetIds.add(api.send("POST", "/tweets", poster, Map.of("text", text)).get("id").asText());
                }
            }
            fillOneTermPages(api, poster, words, perPhase);
            return new Probes(api, poster, reader, followees, tweetIds, words);
        }

        /**
         * The warm-up's and the empty stack's one-term words each in a page and one of tweets (what the seeded words
         * are in), a few words to a tweet.
         */
        private static void fillOneTermPages(BenchApi api, String poster, List<String> words, int perPhase)
                throws Exception {
            for (int phase = 0; phase < PHASES - 1; phase++) {
                var oneTerm = phaseWords(words, phase).subList(0, perPhase); // what measure(phase) searches alone
                for (int from = 0; from < oneTerm.size(); from += WORDS_PER_PAGE_TWEET) {
                    String text = String.join(" ", oneTerm.subList(from,
                            Math.min(oneTerm.size(), from + WORDS_PER_PAGE_TWEET)));
                    for (int copy = 0; copy <= SearchService.MAX_LIMIT; copy++) {
                        api.send("POST", "/tweets", poster, Map.of("text", text + " page" + copy));
                    }
                }
            }
        }

        /** The search words of {@code phase}: its one-term words first, then its five-term queries'. */
        private static List<String> phaseWords(List<String> words, int phase) {
            int wordsPerPhase = words.size() / PHASES;
            return words.subList(phase * wordsPerPhase, (phase + 1) * wordsPerPhase);
        }

        /** Every route's latencies; {@code phase} (0 to 2) picks fresh follow targets and search words. */
        Phase measure(int phase) throws Exception {
            var latencies = new LinkedHashMap<String, List<Double>>();
            int perPhase = followees.size() / PHASES;
            var phaseWords = phaseWords(words, phase);
            int[] next = {0, 0, 0, 0};
            latencies.put(HEALTH, time(() -> api.send("GET", "/health", null, null)));
            latencies.put(POST, time(() -> api.send("POST", "/tweets", poster, Map.of("text",
                    faker.name().fullName() + " " + faker.verb().past() + " " + faker.hobby().activity()
                            + " probe " + posted++))));
            latencies.put(FOLLOW, time(() -> api.send("PUT", "/me/following/" + followees.get(phase * perPhase
                    + next[0]++), reader, null)));
            latencies.put(GET, time(() -> api.send("GET", "/tweets/" + tweetIds.get(next[1]++ % tweetIds.size()),
                    null, null)));
            latencies.put(TIMELINE, time(() -> api.send("GET", "/timeline", reader, null)));
            latencies.put(SEARCH_1, time(() -> search(List.of(phaseWords.get(next[2]++)))));
            int fiveFrom = SAMPLES + WARM_UP;
            latencies.put(SEARCH_5, time(() -> {
                int at = fiveFrom + 5 * next[3]++;
                return search(phaseWords.subList(at, at + 5));
            }));
            return new Phase(latencies);
        }

        private JsonNode search(List<String> terms) throws Exception {
            return api.send("GET", "/search?q=" + URLEncoder.encode(String.join(" ", terms), StandardCharsets.UTF_8),
                    null, null);
        }

        private interface Request {
            JsonNode send() throws Exception;
        }

        private static List<Double> time(Request request) throws Exception {
            for (int i = 0; i < WARM_UP; i++) {
                request.send();
            }
            var samples = new ArrayList<Double>();
            for (int i = 0; i < SAMPLES; i++) {
                long started = System.nanoTime();
                request.send();
                samples.add((System.nanoTime() - started) / 1e6);
            }
            return samples;
        }
    }
}
