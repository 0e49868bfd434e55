package com.scaleout.local.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SharedBackends;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 11's fault "Redis stopped mid-run", through the local runtime and the real handlers, on a redis-server of
 * this class's own: users, follows and tweets are made with the cache up; then redis-server is killed, and every
 * read must still answer 200 with the right content (from DynamoDB), every write must still succeed (sessions are
 * checked against DynamoDB; only a logout answers 503, as documented, since it cannot revoke a cached session), and
 * the fanout must report its failures for retry rather than drop them. Then Redis comes back on the same port,
 * empty: the functions reconnect, timelines, follower sets and caches are rebuilt from DynamoDB with nothing
 * written during the outage missing, and fanout works again.
 *
 * <p>The failsafe configuration sets FANOUT_MAX_FOLLOWERS=5: "celeb", with six followers, is merged into timelines
 * at read time, and the restart also loses the cache's mark saying so.
 */
class RedisOutageIT {
    private static final Duration FANOUT = Duration.ofSeconds(30);
    /** Until the health function sees the cache as it now is: its next Redis call (or reconnect) tells. */
    private static final Duration HEALTH = Duration.ofSeconds(30);
    /**
     * The consumers' retries here, instead of the template's ten (over a minute of backing off): two prove the retry
     * path as well, and the stack keeps the production template, so its calls are audited against its permissions.
     */
    private static final int RETRIES = 2;
    /** The fanout retries each failed record {@link #RETRIES} times, backing off, then records it for an operator. */
    private static final Duration RETRIES_EXHAUSTED = Duration.ofSeconds(90);
    /** Outage records still queued behind their retries are delivered first once Redis is back. */
    private static final Duration BACKLOG_DRAINED = Duration.ofSeconds(40);

    private static RestartableRedis redis;
    private static RuntimeFixture fixture;
    private static ApiClient api;

    private record Account(String id, String name, String token) {
        @Override
        public String toString() {
            return name; // never the token: test output is scanned for secrets
        }
    }

    @BeforeAll
    static void start() throws Exception {
        redis = RestartableRedis.start(Files.createDirectories(SharedBackends.dataDir().resolve("redis-outage")));
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration(), redis.url(),
                config -> config.withStreamRetries(RETRIES));
        api = new ApiClient(fixture.runtime().url());
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void readsFallBackWritesSucceedAndEverythingIsRebuiltAfterAnEmptyRestart() throws Exception {
        // --- with the cache up
        assertHealth(200, "ok");
        Account ann = account("ann");
        Account bob = account("bob");
        Account cat = account("cat");
        Account dan = account("dan");
        Account celeb = account("celeb");
        for (int i = 0; i < 4; i++) {
            follow(account("fan" + i), celeb);
        }
        follow(ann, bob);
        follow(ann, celeb);
        follow(cat, bob);
        follow(cat, celeb);
        follow(bob, dan);
        String danFresh = api.logIn(dan.name()); // first used during the outage: the authorizer must check it then
        String annEnded = api.logIn(ann.name());
        assertThat(api.delete("/sessions/current", annEnded).status()).isEqualTo(204);

        String a1 = tweet(ann, "ann #faultline one", null);
        String b1 = tweet(bob, "bob #faultline one", null);
        String c1 = tweet(celeb, "celeb #faultline one, hi @" + dan.name(), null);
        await().atMost(FANOUT).untilAsserted(() -> {
            assertThat(timeline(ann)).containsExactly(c1, b1, a1);
            assertThat(timeline(cat)).containsExactly(c1, b1);
            assertThat(timeline(dan)).containsExactly(c1);
            // the search indexer runs beside the fanout and may finish after it; its last read is cached
            assertThat(search()).containsExactly(c1, b1, a1);
        });
        assertThat(recommendations(ann)).containsExactly(dan.name() + " (1 mutual)"); // cached too
        assertThat(api.put("/tweets/" + a1 + "/likes/me", ann.token()).status()).isEqualTo(200);
        assertThat(likedInTimeline(ann)).containsExactly(a1); // from ann's copy in the cache

        String bobsTweets = "/users/" + bob.name() + "/tweets";
        assertThat(authorNames(bobsTweets)).as("cached").doesNotContain("Bob in the outage");

        // --- Redis killed
        redis.kill();
        assertHealth(503, "down");

        var renamed = api.patch("/me", bob.token(), Map.of("displayName", "Bob in the outage"));
        assertThat(renamed.status()).as("an edit goes to DynamoDB only: " + renamed.body()).isEqualTo(200);
        assertThat(authorNames(bobsTweets)).as("read from Users").containsOnly("Bob in the outage");

        Account eve = account("eve"); // register and log in
        follow(eve, bob);
        assertThat(api.put("/me/following/" + bob.name(), danFresh).status()).isEqualTo(204);
        assertThat(api.delete("/me/following/" + bob.name(), cat.token()).status()).isEqualTo(204);
        String b2 = tweet(bob, "bob #faultline two, during the outage", null);
        String r1 = tweet(ann, "ann's reply during the outage", b1);
        assertThat(api.post("/tweets/" + c1 + "/retweets", danFresh, null).status()).isEqualTo(201);
        String c2 = tweet(celeb, "celeb #faultline two, during the outage", null);
        String danRetweet = c1 + " retweeted by " + dan.name();
        var like = api.put("/tweets/" + b1 + "/likes/me", ann.token());
        assertThat(like.status()).as(like.body()).isEqualTo(200);
        assertThat(like.json().get("likedByMe").asBoolean()).isTrue();
        assertThat(likedInTimeline(ann)).as("from DynamoDB").containsExactlyInAnyOrder(a1, b1);

        var logout = api.delete("/sessions/current", eve.token());
        assertThat(logout.status()).as(logout.body()).isEqualTo(503);
        assertThat(logout.json().get("message").asText()).contains("retry");
        assertThat(api.get("/me", eve.token()).status()).as("a refused logout changes nothing").isEqualTo(200);
        assertThat(api.get("/me", annEnded).status()).as("ended before the outage").isEqualTo(401);
        assertThat(api.post("/sessions", null, Map.of("username", ann.name(), "password", "not ann's password"))
                .status()).isEqualTo(401);

        Map<Account, List<String>> outage = Map.of(
                ann, List.of(c2, r1, b2, c1, b1, a1),
                bob, List.of(danRetweet, b2, b1),
                cat, List.of(c2, c1),
                dan, List.of(danRetweet, b2, b1), // c1 mentions him and he retweeted it: once, at his retweet
                eve, List.of(b2, b1),
                celeb, List.of(c2, c1));
        assertTimelines(outage);
        assertThat(text(api.get("/tweets/" + b2))).isEqualTo("bob #faultline two, during the outage");
        assertThat(ids("/users/" + bob.name() + "/tweets", null)).containsExactly(b2, b1);
        assertThat(ids("/users/" + ann.name() + "/replies", null)).containsExactly(r1);
        assertThat(ids("/tweets/" + b1 + "/replies", null)).containsExactly(r1);
        assertThat(ids("/users/" + dan.name() + "/mentions", null)).containsExactly(c1);
        assertThat(ids("/tweets/recent", null)).containsExactly(c2, r1, b2, c1, b1, a1);
        await().atMost(BACKLOG_DRAINED).untilAsserted(() -> { // the index and search consumers run beside the fanout
            assertThat(ids("/hashtags/faultline/tweets", null)).containsExactly(c2, b2, c1, b1, a1);
            assertThat(search()).as("the cached page is gone with the cache").containsExactly(c2, b2, c1, b1, a1);
        });
        assertThat(usernames("/users/" + bob.name() + "/followers"))
                .containsExactlyInAnyOrder(ann.name(), dan.name(), eve.name());
        assertThat(usernames("/users/" + celeb.name() + "/followers")).hasSize(6);
        assertThat(recommendations(ann)).containsExactly(dan.name() + " (1 mutual)");
        assertThat(profile(bob)).containsEntry("followers", 3L).containsEntry("following", 1L);
        assertThat(api.get("/tweets/" + b1).json().get("replies").asLong()).isEqualTo(1);

        // The fanout reported the outage's records as failed; they were retried, then recorded for an operator.
        JsonNode failed = await().atMost(RETRIES_EXHAUSTED).until(() -> onFailureRecordOf("Tweets-SocialFanout", b2),
                Optional::isPresent).orElseThrow();
        assertThat(failed.at("/requestContext/approximateInvokeCount").asInt())
                .isEqualTo(RETRIES + 1);
        assertThat(failed.at("/requestContext/condition").asText()).isEqualTo("RetryAttemptsExhausted");
        assertHealth(503, "down"); // still no cache: nothing above came from one

        // --- Redis back on the same port, empty
        redis.restart();
        assertHealth(200, "ok");
        assertThat(api.get("/me", annEnded).status())
                .as("a logout outlives the cache's restart (the gateway may still cache an allow for the token)")
                .isEqualTo(401);
        assertTimelines(outage);
        Double builtMark = redis.inspect(r -> r.zscore("timeline:{" + ann.id() + "}", "!"));
        assertThat(builtMark).as("the read rebuilt ann's timeline in the restarted cache").isNotNull();
        assertThat(likedInTimeline(ann)).as("the like of the outage too").containsExactlyInAnyOrder(a1, b1);
        String actsMark = redis.inspect(r -> r.hget("acts:{" + ann.id() + "}", "!"));
        assertThat(actsMark).as("the read rebuilt ann's likes and retweets in the restarted cache").isNotNull();
        assertThat(search()).containsExactly(c2, b2, c1, b1, a1);
        assertThat(recommendations(ann)).containsExactly(dan.name() + " (1 mutual)");
        assertThat(authorNames(bobsTweets)).as("the edit of the outage").containsOnly("Bob in the outage");

        // Fanout reaches the rebuilt timelines again (reads no longer rebuild them: they are there, marked built).
        String b3 = tweet(bob, "bob #faultline three, after the restart", null);
        String c3 = tweet(celeb, "celeb #faultline three, after the restart", null);
        await().atMost(BACKLOG_DRAINED).untilAsserted(() -> assertTimelines(Map.of(
                ann, List.of(c3, b3, c2, r1, b2, c1, b1, a1),
                bob, List.of(b3, danRetweet, b2, b1),
                cat, List.of(c3, c2, c1),
                dan, List.of(b3, danRetweet, b2, b1),
                eve, List.of(b3, b2, b1),
                celeb, List.of(c3, c2, c1))));
        // the hashtag index is written by its own consumer, which may finish after the fanout
        await().atMost(BACKLOG_DRAINED).untilAsserted(() -> assertThat(ids("/hashtags/faultline/tweets", null))
                .containsExactly(c3, b3, c2, b2, c1, b1, a1));
        List<String> evesCached = redis.inspect(r -> r.zrange("timeline:{" + eve.id() + "}", 0, -1));
        assertThat(evesCached).as("fanned out into the timeline the read rebuilt before b3 existed")
                .anyMatch(member -> member.contains("|" + b3 + "|"));
        Set<String> bobsFollowers = redis.inspect(r -> r.smembers("followers:{" + bob.id() + "}"));
        assertThat(bobsFollowers).as("bob's follower set, rebuilt for b3's fanout")
                .isEqualTo(Set.of("!", ann.id(), dan.id(), eve.id()));
        Set<String> catFollows = redis.inspect(r -> r.smembers("following:{" + cat.id() + "}"));
        assertThat(catFollows).isEqualTo(Set.of("!", celeb.id()));
        Boolean celebMarked = redis.inspect(r -> r.sismember("celebrities", celeb.id()));
        assertThat(celebMarked).as("merged at read time again").isTrue();
        assertThat(profile(bob)).containsEntry("followers", 3L).containsEntry("tweets", 3L);
        assertThat(profile(celeb)).containsEntry("followers", 6L).containsEntry("tweets", 3L);
        var retweets = api.get("/tweets/" + c1 + "/retweets");
        assertThat(retweets.json().get("count").asLong()).isEqualTo(1);
        assertThat(api.get("/tweets/" + b1).json().get("replies").asLong()).isEqualTo(1);

        assertThat(api.delete("/sessions/current", eve.token()).status()).isEqualTo(204);
        assertThat(api.get("/me", eve.token()).status()).isEqualTo(401);
    }

    // --- the API, as a client sees it

    private static Account account(String prefix) {
        String name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 15 - prefix.length());
        var registered = api.post("/users", null, Map.of("username", name, "password", "password-" + name));
        assertThat(registered.status()).as(registered.body()).isEqualTo(201);
        return new Account(registered.text("id"), name, api.logIn(name));
    }

    private static void follow(Account follower, Account followee) {
        var reply = api.put("/me/following/" + followee.name(), follower.token());
        assertThat(reply.status()).as(reply.body()).isEqualTo(204);
    }

    private static String tweet(Account author, String text, String inReplyTo) {
        var body = inReplyTo == null ? Map.of("text", text) : Map.of("text", text, "inReplyTo", inReplyTo);
        var reply = api.post("/tweets", author.token(), body);
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    /** The ids of the reader's timeline that say likedByMe. */
    private static List<String> likedInTimeline(Account reader) {
        var liked = new ArrayList<String>();
        for (JsonNode item : items("/timeline?limit=100", reader.token())) {
            if (item.get("likedByMe").asBoolean()) {
                liked.add(item.get("id").asText());
            }
        }
        return liked;
    }

    /** The home timeline as ids, a retweet line as "{id} retweeted by {username}". */
    private static List<String> timeline(Account reader) {
        var lines = new ArrayList<String>();
        for (JsonNode item : items("/timeline?limit=100", reader.token())) {
            JsonNode by = item.get("retweetedBy");
            lines.add(item.get("id").asText() + (by == null ? "" : " retweeted by " + by.get("username").asText()));
        }
        return lines;
    }

    private static void assertTimelines(Map<Account, List<String>> expected) {
        expected.forEach((reader, lines) -> assertThat(timeline(reader)).as(reader.name() + "'s timeline")
                .containsExactlyElementsOf(lines));
    }

    private static List<String> search() {
        return ids("/search?q=%23faultline", null);
    }

    private static List<String> ids(String path, String token) {
        var ids = new ArrayList<String>();
        items(path, token).forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    private static List<String> authorNames(String path) {
        var names = new ArrayList<String>();
        items(path, null).forEach(item -> names.add(item.get("author").get("displayName").asText()));
        return names;
    }

    private static List<String> usernames(String path) {
        var names = new ArrayList<String>();
        items(path, null).forEach(item -> names.add(item.get("username").asText()));
        return names;
    }

    private static List<String> recommendations(Account reader) {
        var lines = new ArrayList<String>();
        items("/me/recommendations", reader.token()).forEach(item -> lines.add(item.get("username").asText()
                + " (" + item.get("mutuals").asLong() + " mutual)"));
        return lines;
    }

    private static JsonNode items(String path, String token) {
        var reply = api.get(path, token);
        assertThat(reply.status()).as(path + ": " + reply.body()).isEqualTo(200);
        return reply.json().get("items");
    }

    private static String text(ApiClient.Reply reply) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.text("text");
    }

    private static Map<String, Long> profile(Account account) {
        var reply = api.get("/users/" + account.name());
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return Map.of("followers", reply.json().get("followers").asLong(),
                "following", reply.json().get("following").asLong(),
                "tweets", reply.json().get("tweets").asLong());
    }

    private static void assertHealth(int status, String redisState) {
        await().atMost(HEALTH).untilAsserted(() -> {
            var health = api.get("/health");
            assertThat(health.status()).as(health.body()).isEqualTo(status);
            assertThat(health.text("redis")).isEqualTo(redisState);
        });
    }

    // --- what the stream consumers did

    /** The on-failure line of the consumer that names the tweet {@code id} among its records, if any yet. */
    private static Optional<JsonNode> onFailureRecordOf(String consumerId, String id) throws IOException {
        var file = fixture.runtime().onFailure().fileFor(consumerId);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        for (String line : Files.readAllLines(file)) {
            JsonNode record = Json.MAPPER.readTree(line);
            for (JsonNode item : record.get("records")) {
                if (id.equals(item.at("/keys/id").asText())) {
                    return Optional.of(record);
                }
            }
        }
        return Optional.empty();
    }
}
