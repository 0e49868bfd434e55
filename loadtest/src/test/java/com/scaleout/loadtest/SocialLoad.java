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
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The seed's "scalability runoff" against the social API: {@code users} clients arrive evenly over {@code ramp}
 * seconds and all keep going until {@code ramp + duration} seconds, so the number of concurrent clients climbs to
 * {@code users} and holds there. Each client registers its own account, logs in, follows up to {@code follows}
 * accounts registered earlier in the run, then loops over a read-heavy mix of actions with a pause of 0 to
 * {@code thinkMillis} × 2 ms between them (mean {@code thinkMillis}).
 *
 * <p>The mix, per loop iteration: 95 % reads, 5 % writes, so 19 reads per write (plus each client's sign-up, log-in
 * and follows at its start). Twitter's "Timelines at Scale" talk (2012) gave about 300,000 timeline reads/s against
 * 6,000 writes/s, 50:1; a short run here sits nearer the writes (19:1, inside the 10-30:1 range usual for a social
 * test) so that the tweet path — the fanout to followers' timelines and the search index, both fed by DynamoDB
 * Streams — carries real load and later reads see its output. The home timeline is the read most often made (it is
 * what a logged-in client opens); the logged-out home page, search and profiles follow. The write is a tweet; in a
 * soak run (a recorder on) it is every kind of social write — tweets, replies, retweets, an unfollow and a follow —
 * and each tweet carries a word shared by only a few tweets of the run, so that search can find each one.
 */
final class SocialLoad {
    private static final String PASSWORD = "load-test-password";
    private static final String BEARER = "Bearer #{token}";
    private static final List<String> HASHTAGS = List.of("scaleout", "gatling", "serverless", "java", "dynamodb");
    private static final List<String> PHRASES = List.of("shipping the timeline today", "load testing on lambda",
            "coffee then code review", "streams keep the fanout honest", "redis answered in a millisecond",
            "reading the whole home page");
    /** Words of the phrases that search indexes (not "the", "on" or "then": a query of stop words alone is a 400). */
    private static final List<String> SEARCH_WORDS = List.of("shipping", "timeline", "testing", "lambda", "coffee",
            "code", "review", "streams", "fanout", "honest", "redis", "millisecond", "reading", "home", "page");
    /** Tweets of a soak run that share one search word: one page of search results finds them all. */
    static final int TWEETS_PER_SEARCH_WORD = 25;

    /** What shapes the load. */
    record Parameters(int users, int rampSeconds, int durationSeconds, int follows, int thinkMillis) {
        static Parameters fromSystemProperties() {
            return new Parameters(LoadRun.parameter("users", 20), LoadRun.parameter("ramp", 20),
                    LoadRun.parameter("duration", 40), LoadRun.parameter("follows", 3),
                    LoadRun.parameter("thinkMillis", 500));
        }
    }

    /** The body of POST /users and POST /sessions. */
    record Credentials(String username, String password) {
    }

    /** The body of POST /tweets (without inReplyTo when it is null). */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record NewTweet(String text, String inReplyTo) {
    }

    private final Parameters parameters;
    private final SoakRecorder recorder;
    private final Accounts accounts = new Accounts();
    private final RecentTweets recent = new RecentTweets();
    private final AtomicLong tweetCount = new AtomicLong();
    private volatile long endNanos;

    SocialLoad(Parameters parameters, SoakRecorder recorder) {
        this.parameters = parameters;
        this.recorder = recorder;
    }

    /** The clients' arrivals and the protocol, ready for a simulation's setUp. */
    PopulationBuilder population() {
        var arrivals = parameters.rampSeconds() == 0 ? atOnceUsers(parameters.users())
                : rampUsers(parameters.users()).during(parameters.rampSeconds());
        var protocol = http.baseUrl(LoadRun.baseUrl()).acceptHeader("application/json");
        return scenario().injectOpen(arrivals).protocols(recorder.watching(protocol));
    }

    /** How long the run may last before Gatling stops it (clients still in a request finish it first). */
    Duration maxDuration() {
        return Duration.ofSeconds(parameters.rampSeconds() + parameters.durationSeconds() + 60L);
    }

    void before() {
        endNanos = System.nanoTime()
                + Duration.ofSeconds(parameters.rampSeconds() + parameters.durationSeconds()).toNanos();
        System.out.printf("social: %d clients arriving over %d s, all running until %d s, %d follows each,"
                        + " think time %d ms on average, against %s%s%n", parameters.users(),
                parameters.rampSeconds(), parameters.rampSeconds() + parameters.durationSeconds(),
                parameters.follows(), parameters.thinkMillis(), LoadRun.baseUrl(),
                recorder.on() ? " (every kind of write, recorded)" : "");
    }

    private io.gatling.javaapi.core.ScenarioBuilder scenario() {
        return io.gatling.javaapi.core.CoreDsl.scenario("social").exec(
                signUp(),
                // whole iterations (exitASAP off): Gatling would otherwise leave the loop between a write and the
                // step that records it, and the soak's reconciliation would miss a write that was accepted (it did)
                during(session -> remaining(), false).on(
                        pause(Duration.ZERO, Duration.ofMillis(2L * parameters.thinkMillis())),
                        targets(),
                        action()));
    }

    private ChainBuilder signUp() {
        return exec(session -> {
            String username = accounts.newUsername();
            return session.set("username", username)
                    .set("credentials", LoadRun.json(new Credentials(username, PASSWORD)));
        })
                .exec(recorder.write(http("POST /users").post("/users").body(StringBody("#{credentials}")).asJson()
                        .check(status().is(201)), session -> write("user", session), 201))
                .exec(http("POST /sessions").post("/sessions").body(StringBody("#{credentials}")).asJson()
                        .check(status().is(201), jsonPath("$.token").saveAs("token")))
                .exitHereIfFailed()
                // whom to follow is drawn before this account joins the pool, so that nobody follows itself
                .exec(session -> {
                    var followees = accounts.pick(parameters.follows(), List.of());
                    accounts.add(session.getString("username"));
                    return session.set("followees", followees);
                })
                .foreach("#{followees}", "followee").on(follow("#{followee}", "followee"));
    }

    private ChainBuilder follow(String target, String key) {
        return recorder.write(http("PUT /me/following/{username}").put("/me/following/" + target)
                .header("Authorization", BEARER).check(status().is(204)),
                session -> edge("follow", session, session.getString(key)), 204);
    }

    private ChainBuilder tweet(boolean reply) {
        return exec(session -> {
            String inReplyTo = reply ? recent.pick(null) : null;
            String text = tweetText(session);
            return session.set("text", text).set("inReplyTo", inReplyTo == null ? "" : inReplyTo)
                    .set("tweet", LoadRun.json(new NewTweet(text, inReplyTo)));
        }).exec(recorder.write(http(reply ? "POST /tweets (reply)" : "POST /tweets").post("/tweets")
                        .header("Authorization", BEARER)
                        .body(StringBody("#{tweet}")).asJson()
                        .check(status().is(201), jsonPath("$.id").optional().saveAs("tweetId")),
                session -> {
                    var write = write("tweet", session);
                    write.put("id", session.contains("tweetId") ? session.getString("tweetId") : null);
                    write.put("text", session.getString("text"));
                    String inReplyTo = session.getString("inReplyTo");
                    write.put("inReplyTo", inReplyTo.isEmpty() ? null : inReplyTo);
                    return write;
                }, 201))
                .exec(session -> {
                    if (session.contains("tweetId")) {
                        recent.add(session.getString("tweetId"), session.getString("username"));
                    }
                    return session.remove("tweetId").remove("tweet");
                });
    }

    private ChainBuilder retweet() {
        return exec(session -> session.set("retweetOf", java.util.Objects.requireNonNullElse(
                recent.pick(session.getString("username")), "")))
                .doIf(session -> !session.getString("retweetOf").isEmpty()).then(
                        recorder.write(http("POST /tweets/{id}/retweets").post("/tweets/#{retweetOf}/retweets")
                                .header("Authorization", BEARER).check(status().in(200, 201)), session -> {
                                    var write = write("retweet", session);
                                    write.put("tweet", session.getString("retweetOf"));
                                    return write;
                                }, 200, 201));
    }

    /** Unfollows one followee and follows someone new, so that the graph changes under load. */
    private ChainBuilder refollow() {
        return exec(session -> {
            List<String> followees = session.getList("followees");
            String dropped = followees.isEmpty() ? "" : any(followees);
            var excluded = new ArrayList<>(followees);
            excluded.add(session.getString("username"));
            String added = accounts.pick(1, excluded).stream().findFirst().orElse("");
            var next = new ArrayList<>(followees);
            next.remove(dropped);
            if (!added.isEmpty()) {
                next.add(added);
            }
            return session.set("dropped", dropped).set("added", added).set("followees", List.copyOf(next));
        })
                .doIf(session -> !session.getString("dropped").isEmpty()).then(recorder.write(
                        http("DELETE /me/following/{username}").delete("/me/following/#{dropped}")
                                .header("Authorization", BEARER).check(status().is(204)),
                        session -> edge("unfollow", session, session.getString("dropped")), 204))
                .doIf(session -> !session.getString("added").isEmpty()).then(follow("#{added}", "added"));
    }

    /** Whom and what this iteration's action reads about: an account of the run, a hashtag, a search query. */
    private ChainBuilder targets() {
        return exec(session -> session
                .set("someone", accounts.pick(1, List.of()).stream().findFirst()
                        .orElse(session.getString("username")))
                .set("tag", any(HASHTAGS))
                .set("query", searchQuery(session)));
    }

    private ChainBuilder action() {
        ChainBuilder write = recorder.on() ? randomSwitch().on(
                percent(60.0).then(tweet(false)),
                percent(15.0).then(tweet(true)),
                percent(15.0).then(retweet()),
                percent(10.0).then(refollow())) : tweet(false);
        return randomSwitch().on(
                percent(35.0).then(http("GET /timeline").get("/timeline").header("Authorization", BEARER)
                        .check(status().is(200))),
                percent(15.0).then(http("GET /tweets/recent").get("/tweets/recent").check(status().is(200))),
                percent(12.0).then(http("GET /search").get("/search").queryParam("q", "#{query}")
                        .check(status().is(200))),
                percent(12.0).then(http("GET /users/{username}").get("/users/#{someone}")
                        .check(status().is(200))),
                percent(8.0).then(http("GET /users/{username}/tweets").get("/users/#{someone}/tweets")
                        .check(status().is(200))),
                percent(8.0).then(http("GET /hashtags/{tag}/tweets").get("/hashtags/#{tag}/tweets")
                        .check(status().is(200))),
                percent(5.0).then(http("GET /me").get("/me").header("Authorization", BEARER)
                        .check(status().is(200))),
                percent(5.0).then(write));
    }

    /** What is left of the run for a client that is just starting its loop (every client stops at the same time). */
    private Duration remaining() {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }

    private static Map<String, Object> write(String kind, Session session) {
        var write = new HashMap<String, Object>();
        write.put("kind", kind);
        write.put("user", session.getString("username"));
        return write;
    }

    private static Map<String, Object> edge(String kind, Session session, String followee) {
        var write = write(kind, session);
        write.put("followee", followee);
        return write;
    }

    /**
     * A phrase, a hashtag and, when the client follows anyone, an @mention of one of them; in a soak run also the
     * search word of its group of tweets.
     */
    private String tweetText(Session session) {
        List<String> followees = session.getList("followees");
        var text = new StringBuilder(any(PHRASES)).append(" #").append(any(HASHTAGS));
        if (!followees.isEmpty()) {
            text.append(" @").append(any(followees));
        }
        if (recorder.on()) {
            text.append(' ').append(accounts.runTag).append('w')
                    .append(Long.toString(tweetCount.getAndIncrement() / TWEETS_PER_SEARCH_WORD, 36));
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

        /** Up to {@code count} distinct accounts registered so far, at random, none of {@code excluded}. */
        synchronized List<String> pick(int count, List<String> excluded) {
            var candidates = registered.stream().filter(u -> !excluded.contains(u)).toList();
            var random = ThreadLocalRandom.current();
            var picked = new LinkedHashSet<String>();
            while (picked.size() < Math.min(count, candidates.size())) {
                picked.add(candidates.get(random.nextInt(candidates.size())));
            }
            return List.copyOf(picked);
        }

        /** "l" and six random base-36 characters (2.2 billion tags), leaving 7 characters for the counter. */
        private static String runTag() {
            String digits = Long.toString(new SecureRandom().nextLong(36L * 36 * 36 * 36 * 36 * 36), 36);
            return "l" + "0".repeat(6 - digits.length()) + digits;
        }
    }

    /** The last tweets accepted in the run, for replies and retweets to pick from. */
    static final class RecentTweets {
        private static final int KEPT = 200;
        private final List<String[]> tweets = new ArrayList<>();

        synchronized void add(String id, String author) {
            tweets.add(new String[] {id, author});
            if (tweets.size() > KEPT) {
                tweets.removeFirst();
            }
        }

        /** A recent tweet's id, not by {@code notBy} (when given); null when there is none. */
        synchronized String pick(String notBy) {
            var candidates = tweets.stream().filter(t -> notBy == null || !t[1].equals(notBy)).toList();
            return candidates.isEmpty() ? null
                    : candidates.get(ThreadLocalRandom.current().nextInt(candidates.size()))[0];
        }
    }
}
