package com.scaleout.loadtest;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A celebrity tweets while its followers are online: {@code -Dfollowers} accounts (seeded in bulk, each following
 * the celebrity and nobody else) of whom {@code -Donline} read their home timeline every {@code -DthinkSeconds} for
 * {@code -Dseconds} (arriving over the first interval, as readers on their own clocks; a read refused is made again
 * after its Retry-After); the celebrity tweets {@code -DtweetAt} seconds in. Against a stack
 * with AWS's limits scaled by K ({@code ./scaleout load viral-celebrity scale=K}, which sets the fanout limit to
 * 10,000/K followers as well), {@code online} = 10,000/K stands for AWS's 10,000 readers of an account with a
 * million followers: above the fanout limit, its tweets are merged into each page at read time. A read is answered
 * 200 or refused by a throttle (429); anything else fails. The verdict: every online reader found the tweet in its
 * timeline (the time from the tweet to each one's first sight, p50 and p99), and the celebrity's follower count
 * reconciles with the follows seeded. Against another stack ({@code --url}), {@code followers} must exceed its own
 * fanout limit ({@code FANOUT_MAX_FOLLOWERS}, 10,000 by default), or the account is fanned out like any other.
 */
public class ViralCelebritySimulation extends Simulation {
    private final int followers = LoadRun.parameter("followers", 500);
    private final int online = LoadRun.parameter("online", 200);
    private final int seconds = LoadRun.parameter("seconds", 40);
    private final int thinkSeconds = LoadRun.parameter("thinkSeconds", 2);
    private final int tweetAt = LoadRun.parameter("tweetAt", 5);
    private final HttpClient client = HttpClient.newHttpClient();
    private final SeededAccounts celebrity = SeededAccounts.seed(client, 0);
    private final List<String> readers = seedFollowers();
    private final AtomicReference<String> tweet = new AtomicReference<>();
    private final AtomicLong tweetedAt = new AtomicLong();
    /** Each reader who found the tweet, and after how long (ms from the tweet's answer). */
    private final Map<String, Long> found = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Integer> refused = new ConcurrentLinkedQueue<>();
    /** The tweet reaches the celebrity's cached activity through its stream: moments later. */
    private static final Duration STREAM_LAG = Duration.ofSeconds(5);
    /**
     * Each reader's pages answered 200 more than {@link #STREAM_LAG} after the tweet was posted: a reader with some
     * and no sight of it was answered timelines that lack it.
     */
    private final Map<String, Integer> pagesSinceTweet = new ConcurrentHashMap<>();

    record TweetBody(String text) {
    }

    {
        var reading = scenario("online followers").feed(readers.stream()
                        .map(token -> Map.<String, Object>of("token", token)).iterator())
                .during(Duration.ofSeconds(seconds)).on(
                        io.gatling.javaapi.core.CoreDsl.exec(http("GET /timeline").get("/timeline?limit=20")
                                        .header("Authorization", "Bearer #{token}")
                                        .check(status().in(200, 429).saveAs("status"),
                                                header("Retry-After").optional().saveAs("retryAfter"),
                                                jsonPath("$.items[*].id").findAll().optional().saveAs("ids")))
                                .exec(this::sawTweet)
                                .pause(this::nextRead))
                // online readers come and go on their own clocks: their reads spread over the interval
                .injectOpen(rampUsers(online).during(Duration.ofSeconds(Math.max(1, thinkSeconds))));
        // the celebrity's client, too, sends a tweet refused by a throttle again after its Retry-After
        var tweeting = scenario("celebrity").pause(Duration.ofSeconds(tweetAt))
                .asLongAs(session -> !session.contains("tweet")).on(io.gatling.javaapi.core.CoreDsl.exec(
                        http("POST /tweets").post("/tweets").header("Authorization", "Bearer " + celebrity.firstToken())
                                .header("Content-Type", "application/json")
                                .body(StringBody(LoadRun.json(new TweetBody("Hello to every one of you"))))
                                .check(status().in(201, 429).saveAs("status"),
                                        header("Retry-After").optional().saveAs("retryAfter"),
                                        jsonPath("$.id").optional().saveAs("tweet")))
                        .doIf(session -> !session.contains("tweet")).then(io.gatling.javaapi.core.CoreDsl.pause(
                                this::nextRead)))
                .exec(session -> {
                    tweetedAt.set(System.nanoTime());
                    tweet.set(session.getString("tweet"));
                    return session;
                })
                .injectOpen(atOnceUsers(1));
        setUp(reading, tweeting).protocols(http.baseUrl(LoadRun.baseUrl()).shareConnections())
                .assertions(LoadRun.assertions());
    }

    private List<String> seedFollowers() {
        if (online > followers) {
            throw new IllegalArgumentException("-Donline (" + online + ") must not exceed -Dfollowers (" + followers
                    + ")");
        }
        System.out.printf("viral-celebrity: %s with %,d followers, %,d of them online, reading every %d s for %d s;"
                + " the tweet at %d s, against %s%n", celebrity.first(), followers, online, thinkSeconds, seconds,
                tweetAt, LoadRun.baseUrl());
        return SeededAccounts.fansOf(client, celebrity.first(), followers, online);
    }

    /** A client reads again after its interval, or after the Retry-After of a read refused. */
    private Duration nextRead(Session session) {
        if (session.contains("status") && session.getInt("status") == 429) {
            return Duration.ofSeconds(session.contains("retryAfter")
                    ? Math.max(1, Long.parseLong(session.getString("retryAfter"))) : 1);
        }
        return Duration.ofSeconds(thinkSeconds);
    }

    /** Notes a reader's first sight of the tweet in its page. */
    private Session sawTweet(Session session) {
        if (session.contains("status") && session.getInt("status") == 429) {
            refused.add(429);
        }
        String id = tweet.get();
        if (id != null && session.contains("status") && session.getInt("status") == 200
                && System.nanoTime() - tweetedAt.get() > STREAM_LAG.toNanos()) {
            pagesSinceTweet.merge(session.getString("token"), 1, Integer::sum);
        }
        if (id != null && session.contains("ids") && session.getList("ids").contains(id)) {
            found.putIfAbsent(session.getString("token"),
                    Duration.ofNanos(System.nanoTime() - tweetedAt.get()).toMillis());
        }
        return session;
    }

    @Override
    public void after() {
        ViralOutcomes.conclude("viral-celebrity", "the follower count", this::verdict);
    }

    /** Every online reader found the tweet, and the celebrity's follower count holds every follow seeded. */
    private String verdict() throws IOException, InterruptedException {
        long counted = followerCount();
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (counted != followers && System.nanoTime() < deadline) { // the count log folds moments later
            Thread.sleep(500);
            counted = followerCount();
        }
        var delays = found.values().stream().sorted().toList();
        boolean everyone = found.size() == online && counted == followers;
        long answeredWithout = pagesSinceTweet.keySet().stream().filter(token -> !found.containsKey(token)).count();
        return (everyone ? "reconciled" : "NOT reconciled") + ": " + found.size() + " of " + online
                + " online followers found the tweet in their timeline" + (delays.isEmpty() ? ""
                : String.format(" (after p50 %.1f s, p99 %.1f s, max %.1f s)", percentile(delays, 50) / 1000.0,
                percentile(delays, 99) / 1000.0, delays.getLast() / 1000.0))
                + (found.size() == online ? "" : "; of the others, " + answeredWithout + " were answered pages "
                + "without it " + STREAM_LAG.toSeconds() + " s after it was posted, " + (online - found.size() - answeredWithout) + " only refused")
                + "; " + refused.size()
                + " reads refused (429); the follower count " + counted + " of " + followers + " seeded";
    }

    private long followerCount() throws IOException, InterruptedException {
        return LoadRun.getJson(client, "/users/" + celebrity.first()).path("followers").asLong(-1);
    }

    private static long percentile(List<Long> sorted, int percent) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(percent / 100.0 * sorted.size()) - 1));
    }
}
