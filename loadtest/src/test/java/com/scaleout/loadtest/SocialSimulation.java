package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.percent;
import static io.gatling.javaapi.core.CoreDsl.randomSwitch;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The seed's "scalability runoff" against the social API: {@code users} clients arrive evenly over {@code ramp}
 * seconds and all keep going until {@code ramp + duration} seconds, so the number of concurrent clients climbs to
 * {@code users} and holds there. Each client registers its own account, logs in, follows up to {@code follows}
 * accounts registered earlier in the run, then loops over a read-heavy mix of actions with a pause of 0 to
 * {@code thinkMillis} × 2 ms between them (mean {@code thinkMillis}). Parameters are system properties
 * ({@code ./scaleout load social key=value ...} passes them): baseUrl, users, ramp, duration, follows, thinkMillis.
 *
 * <p>The mix, per loop iteration: 95 % reads, 5 % tweets, so 19 reads per write (plus each client's sign-up, log-in
 * and follows at its start). Twitter's "Timelines at Scale" talk (2012) gave about 300,000 timeline reads/s against
 * 6,000 writes/s, 50:1; a short run here sits nearer the writes (19:1, inside the 10-30:1 range usual for a social
 * test) so that the tweet path — the fanout to followers' timelines and the search index, both fed by DynamoDB
 * Streams — carries real load and later reads see its output. The home timeline is the read most often made (it is
 * what a logged-in client opens); the logged-out home page, search and profiles follow.
 */
public class SocialSimulation extends Simulation {
    private static final String BASE_URL = LoadRun.baseUrl();
    private static final int USERS = LoadRun.parameter("users", 20);
    private static final int RAMP_SECONDS = LoadRun.parameter("ramp", 20);
    private static final int DURATION_SECONDS = LoadRun.parameter("duration", 40);
    private static final int FOLLOWS = LoadRun.parameter("follows", 3);
    private static final int THINK_MILLIS = LoadRun.parameter("thinkMillis", 500);
    private static final String PASSWORD = "load-test-password";
    private static final String BEARER = "Bearer #{token}";
    private static final List<String> HASHTAGS = List.of("scaleout", "gatling", "serverless", "java", "dynamodb");
    private static final List<String> PHRASES = List.of("shipping the timeline today", "load testing on lambda",
            "coffee then code review", "streams keep the fanout honest", "redis answered in a millisecond",
            "reading the whole home page");
    /** Words of the phrases that search indexes (not "the", "on" or "then": a query of stop words alone is a 400). */
    private static final List<String> SEARCH_WORDS = List.of("shipping", "timeline", "testing", "lambda", "coffee",
            "code", "review", "streams", "fanout", "honest", "redis", "millisecond", "reading", "home", "page");

    /** The body of POST /users and POST /sessions. */
    record Credentials(String username, String password) {
    }

    /** The body of POST /tweets. */
    record NewTweet(String text) {
    }

    private final Accounts accounts = new Accounts();
    private volatile long endNanos;

    private final ChainBuilder signUp = exec(session -> {
                String username = accounts.newUsername();
                return session.set("username", username)
                        .set("credentials", LoadRun.json(new Credentials(username, PASSWORD)));
            })
            .exec(http("POST /users").post("/users").body(StringBody("#{credentials}")).asJson()
                    .check(status().is(201)))
            .exec(http("POST /sessions").post("/sessions").body(StringBody("#{credentials}")).asJson()
                    .check(status().is(201), jsonPath("$.token").saveAs("token")))
            .exitHereIfFailed()
            // whom to follow is drawn before this account joins the pool, so that nobody follows itself
            .exec(session -> {
                var followees = accounts.pick(FOLLOWS);
                accounts.add(session.getString("username"));
                return session.set("followees", followees);
            })
            .foreach("#{followees}", "followee").on(
                    http("PUT /me/following/{username}").put("/me/following/#{followee}")
                            .header("Authorization", BEARER)
                            .check(status().is(204)));

    private final ChainBuilder tweet = exec(
                    session -> session.set("tweet", LoadRun.json(new NewTweet(tweetText(session)))))
            .exec(http("POST /tweets").post("/tweets")
                    .header("Authorization", BEARER)
                    .body(StringBody("#{tweet}")).asJson()
                    .check(status().is(201)));

    /** Whom and what this iteration's action reads about: an account of the run, a hashtag, a search query. */
    private final ChainBuilder targets = exec(session -> session
            .set("someone", accounts.pick(1).stream().findFirst().orElse(session.getString("username")))
            .set("tag", any(HASHTAGS))
            .set("query", searchQuery(session)));

    private final ChainBuilder action = randomSwitch().on(
            percent(35.0).then(http("GET /timeline").get("/timeline").header("Authorization", BEARER)
                    .check(status().is(200))),
            percent(15.0).then(http("GET /tweets/recent").get("/tweets/recent").check(status().is(200))),
            percent(12.0).then(http("GET /search").get("/search").queryParam("q", "#{query}")
                    .check(status().is(200))),
            percent(12.0).then(http("GET /users/{username}").get("/users/#{someone}").check(status().is(200))),
            percent(8.0).then(http("GET /users/{username}/tweets").get("/users/#{someone}/tweets")
                    .check(status().is(200))),
            percent(8.0).then(http("GET /hashtags/{tag}/tweets").get("/hashtags/#{tag}/tweets")
                    .check(status().is(200))),
            percent(5.0).then(http("GET /me").get("/me").header("Authorization", BEARER).check(status().is(200))),
            percent(5.0).then(tweet));

    private final ScenarioBuilder social = scenario("social").exec(
            signUp,
            during(session -> remaining()).on(
                    pause(Duration.ZERO, Duration.ofMillis(2L * THINK_MILLIS)),
                    targets,
                    action));

    {
        var arrivals = RAMP_SECONDS == 0 ? atOnceUsers(USERS) : rampUsers(USERS).during(RAMP_SECONDS);
        setUp(social.injectOpen(arrivals))
                .protocols(http.baseUrl(BASE_URL).acceptHeader("application/json"))
                .maxDuration(Duration.ofSeconds(RAMP_SECONDS + DURATION_SECONDS + 60L))
                .assertions(LoadRun.assertions());
    }

    @Override
    public void before() {
        endNanos = System.nanoTime() + Duration.ofSeconds(RAMP_SECONDS + DURATION_SECONDS).toNanos();
        System.out.printf("social: %d clients arriving over %d s, all running until %d s, %d follows each,"
                + " think time %d ms on average, against %s%n", USERS, RAMP_SECONDS, RAMP_SECONDS + DURATION_SECONDS,
                FOLLOWS, THINK_MILLIS, BASE_URL);
    }

    /** What is left of the run for a client that is just starting its loop (every client stops at the same time). */
    private Duration remaining() {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }

    /** A phrase, a hashtag and, when the client follows anyone, an @mention of one of them. */
    private static String tweetText(Session session) {
        List<String> followees = session.getList("followees");
        var text = new StringBuilder(any(PHRASES)).append(" #").append(any(HASHTAGS));
        if (!followees.isEmpty()) {
            text.append(" @").append(any(followees));
        }
        return text.toString();
    }

    /** A word, a #tag, a word and a #tag, or an @mention of someone this client follows. */
    private static String searchQuery(Session session) {
        List<String> followees = session.getList("followees");
        String word = any(SEARCH_WORDS);
        return switch (ThreadLocalRandom.current().nextInt(4)) {
            case 0 -> word;
            case 1 -> "#" + any(HASHTAGS);
            case 2 -> word + " #" + any(HASHTAGS);
            default -> followees.isEmpty() ? word : "@" + any(followees);
        };
    }

    private static <T> T any(List<T> values) {
        return values.get(ThreadLocalRandom.current().nextInt(values.size()));
    }

    /**
     * The accounts registered in this run, shared by the virtual users; usernames are unique across runs (a random
     * tag of the run, then a counter) and fit the API's {@code ^[A-Za-z0-9_]{3,15}$}.
     */
    static final class Accounts {
        private final String runTag = runTag();
        private final AtomicLong counter = new AtomicLong();
        private final List<String> registered = new ArrayList<>();

        String newUsername() {
            return runTag + "_" + Long.toString(counter.incrementAndGet(), 36);
        }

        synchronized void add(String username) {
            registered.add(username);
        }

        /** Up to {@code count} distinct accounts registered so far, at random. */
        synchronized List<String> pick(int count) {
            var random = ThreadLocalRandom.current();
            var picked = new LinkedHashSet<String>();
            while (picked.size() < Math.min(count, registered.size())) {
                picked.add(registered.get(random.nextInt(registered.size())));
            }
            return List.copyOf(picked);
        }

        /** "l" and six random base-36 characters (2.2 billion tags), leaving 7 characters for the counter. */
        private static String runTag() {
            String digits = Long.toString(new SecureRandom().nextLong(36L * 36 * 36 * 36 * 36 * 36), 36);
            return "l" + "0".repeat(6 - digits.length()) + digits;
        }
    }
}
