package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.LiveClient;
import com.scaleout.local.testing.Scenario;
import com.scaleout.local.testing.SharedBackends;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The celebrity scenario small, with AWS's limits / 100 enforced: an account with 1,000,000 followers tweets while
 * 10,000 of them are online, scaled: {@value #FOLLOWERS} followers (seeded in bulk, {@code fansOf}; above the tests'
 * fanout limit of 5, so a celebrity: its tweets are merged into timelines at read time, not fanned out) of whom
 * {@value #ONLINE} read their home timeline at once when it tweets, and {@value #LISTENING} of those listen to their
 * home stream. Every online reader finds the tweet in its timeline, answered 200 or refused by a throttle (429) and
 * asked again after its Retry-After, never a 5xx; every listener is pushed it, though the cache's presence was lost
 * just before (the fanout's pusher now rebuilds it before pushing a celebrity's tweet, where it gave up before; here
 * the search indexer's pusher, handling the same tweet, may rebuild it first: {@code LivePusherTest} pins the fix);
 * a follower who was offline finds it too; and
 * DynamoDB throttled none of the reads (no hot partition: the celebrity's activity is read from the cache, not from
 * its tweets' partition by every reader).
 */
@Scenario
class ViralCelebrityIT extends ScaledLimitsIT {
    private static final int FOLLOWERS = 150;
    private static final int ONLINE = 100;
    private static final int LISTENING = 10;
    private static final Duration PATIENCE = Duration.ofSeconds(90);

    @Test
    void everyOnlineFollowerSeesTheTweetAndNoPartitionIsHot() throws Exception {
        JsonNode celebrity = ViralRequests.seedWithSessions(fixture, ADMIN_KEY, 1);
        String name = celebrity.get("accounts").get(0).get("username").asText();
        JsonNode fans = ViralRequests.seedFansOf(fixture, ADMIN_KEY, name, FOLLOWERS);
        await().atMost(PATIENCE).until(() -> followers(name) == FOLLOWERS); // the count log folded
        var listeners = new ArrayList<LiveClient>();
        try {
            for (int i = 0; i < LISTENING; i++) {
                listeners.add(listening(fans.get("tokens").get(i).asText()));
            }
            var before = ViralRequests.dynamoDbThrottles(fixture);
            // the cache emptied (a restart, a failover): presence cannot say who listens until it is rebuilt
            SharedBackends.redis().del("{live}:built");
            String tweet = tweet(celebrity.get("tokens").get(0).asText());

            var statuses = new ConcurrentLinkedQueue<Integer>();
            var readers = new ArrayList<Future<Boolean>>();
            try (var online = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < ONLINE; i++) {
                    String token = fans.get("tokens").get(i).asText();
                    readers.add(online.submit(() -> findsInTimeline(token, tweet, statuses)));
                }
            }
            for (Future<Boolean> reader : readers) {
                assertThat(reader.get()).as("every online follower finds the tweet; statuses " + statuses).isTrue();
            }
            assertThat(statuses).as("answered, or refused by a throttle: no 5xx").isSubsetOf(200, 429);
            assertThat(SharedBackends.redis().sismember("celebrities", celebrity.get("accounts").get(0).get("userId")
                    .asText())).as("merged at read time, not fanned out").isTrue();
            for (LiveClient listener : listeners) {
                assertThat(pushed(listener, tweet)).as("each listener is pushed the tweet").isTrue();
            }
            String offline = fans.get("tokens").get(FOLLOWERS - 1).asText();
            assertThat(findsInTimeline(offline, tweet, statuses)).as("an offline follower finds it too").isTrue();
            assertThat(ViralRequests.dynamoDbThrottles(fixture)).as("no hot partition: DynamoDB throttled no read")
                    .isEqualTo(before);
            System.out.println("viral-celebrity: " + ONLINE + " online readers, statuses " + count(statuses)
                    + ", throttles " + fixture.runtime().throttles());
        } finally {
            listeners.forEach(LiveClient::close);
        }
    }

    private static long followers(String username) throws Exception {
        return Json.MAPPER.readTree(fixture.get("/users/" + username).body()).path("followers").asLong();
    }

    private static String tweet(String token) throws Exception {
        var posted = fixture.send(HttpRequest.newBuilder(fixture.uri("/tweets"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("text", "Hello, all of you")))));
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(201);
        return Json.MAPPER.readTree(posted.body()).get("id").asText();
    }

    /** Reads the first page of the home timeline until it holds the tweet, as a client would: after each Retry-After. */
    private static boolean findsInTimeline(String token, String tweet, ConcurrentLinkedQueue<Integer> statuses)
            throws Exception {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            HttpResponse<String> page = fixture.send(HttpRequest.newBuilder(fixture.uri("/timeline?limit=20"))
                    .header("Authorization", "Bearer " + token));
            statuses.add(page.statusCode());
            if (page.statusCode() == 200) {
                for (JsonNode item : Json.MAPPER.readTree(page.body()).path("items")) {
                    if (tweet.equals(item.path("id").asText())) {
                        return true;
                    }
                }
            }
            long retryAfter = page.headers().firstValueAsLong("retry-after").orElse(1);
            Thread.sleep(Duration.ofSeconds(Math.max(1, retryAfter)));
        }
        return false;
    }

    private static LiveClient listening(String token) throws Exception {
        var client = LiveClient.connect(URI.create(fixture.runtime().url().replace("http://", "ws://")
                + "/live?token=" + token));
        client.send(Json.write(Map.of("action", "subscribe", "stream", "home")));
        Instant deadline = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            JsonNode message = Json.MAPPER.readTree(client.next(Duration.between(Instant.now(), deadline)));
            if ("subscribed".equals(message.path("type").asText()) && "home".equals(message.path("stream").asText())) {
                return client;
            }
        }
        throw new AssertionError("the home stream was not subscribed to");
    }

    private static boolean pushed(LiveClient client, String tweet) throws Exception {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            JsonNode message = Json.MAPPER.readTree(client.next(Duration.between(Instant.now(), deadline)));
            if ("tweet".equals(message.path("type").asText()) && "home".equals(message.path("stream").asText())
                    && tweet.equals(message.path("data").path("id").asText())) {
                return true;
            }
        }
        return false;
    }

    private static Map<Integer, Long> count(java.util.Collection<Integer> statuses) {
        var counts = new java.util.TreeMap<Integer, Long>();
        statuses.forEach(status -> counts.merge(status, 1L, Long::sum));
        return counts;
    }
}
