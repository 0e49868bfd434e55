package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.local.testing.RuntimeFixture;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** What the small viral scenarios share: requests at a steady rate, and a count that must reconcile with them. */
final class ViralRequests {
    private ViralRequests() {
    }

    /**
     * Accounts without tweets or follows, each with a session ({@code POST /admin/seed} with {@code sessions}): the
     * answer, whose {@code accounts} and {@code tokens} are in the same order.
     */
    static com.fasterxml.jackson.databind.JsonNode seedWithSessions(RuntimeFixture fixture, String adminKey,
                                                                    int users) throws Exception {
        return seed(fixture, adminKey, java.util.Map.of("users", users, "tweetsPerUser", 0, "followsPerUser", 0,
                "sessions", true));
    }

    /**
     * {@code fans} new accounts following the account named {@code star} and nobody else, each with a session
     * ({@code POST /admin/seed} with {@code fansOf}): the answer, as {@link #seedWithSessions}'s.
     */
    static com.fasterxml.jackson.databind.JsonNode seedFansOf(RuntimeFixture fixture, String adminKey, String star,
                                                              int fans) throws Exception {
        return seed(fixture, adminKey, java.util.Map.of("users", fans, "tweetsPerUser", 0, "followsPerUser", 0,
                "sessions", true, "fansOf", star));
    }

    /**
     * A seed request, sent again after the Retry-After of a refusal by a throttle (the seed route has one) or a busy
     * stack's 503, under one chunk id: a retry of a chunk that was written never seeds it twice.
     */
    private static com.fasterxml.jackson.databind.JsonNode seed(RuntimeFixture fixture, String adminKey,
                                                                java.util.Map<String, Object> body) throws Exception {
        var chunk = new java.util.HashMap<>(body);
        chunk.put("chunkId", java.util.UUID.randomUUID().toString());
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(60);
        while (true) {
            var answer = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/seed"))
                    .header("X-Admin-Key", adminKey).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(com.scaleout.functions.shared.json.Json.write(chunk))));
            if ((answer.statusCode() == 429 || answer.statusCode() == 503) && java.time.Instant.now().isBefore(deadline)) {
                Thread.sleep(Duration.ofSeconds(Math.max(1, answer.headers().firstValueAsLong("retry-after")
                        .orElse(1))));
                continue;
            }
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            return com.scaleout.functions.shared.json.Json.MAPPER.readTree(answer.body());
        }
    }

    /** {@code count} requests, one every {@code spacingMillis} whatever the answers' latency; their statuses. */
    static List<Integer> spaced(RuntimeFixture fixture, int count, long spacingMillis,
                                IntFunction<HttpRequest.Builder> request) throws Exception {
        var statuses = new ArrayList<Future<Integer>>();
        try (var senders = Executors.newScheduledThreadPool(count)) {
            for (int i = 0; i < count; i++) {
                var builder = request.apply(i);
                statuses.add(senders.schedule(() -> fixture.send(builder).statusCode(), i * spacingMillis,
                        TimeUnit.MILLISECONDS));
            }
        }
        var answered = new ArrayList<Integer>();
        for (Future<Integer> status : statuses) {
            answered.add(status.get());
        }
        return answered;
    }

    /**
     * The count reaches the writes accepted ({@code accepted} status) and then stays between them and them plus
     * the 503s (whose outcome a client cannot know): a late second count would show within 3 s.
     */
    static void awaitReconciled(List<Integer> answered, int accepted, Callable<Long> count) {
        assertThat(answered).as("accepted, or refused as throttled").isSubsetOf(accepted, 429, 503)
                .contains(accepted);
        long sure = answered.stream().filter(status -> status == accepted).count();
        long unknown = answered.stream().filter(status -> status == 503).count();
        await().atMost(Duration.ofSeconds(60)).until(() -> count.call() >= sure);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(count.call()).as("every write accepted counted once").isBetween(sure, sure + unknown));
    }

    /**
     * Each seeded fan (the accounts after the first, {@link #seedWithSessions}) PUTs {@code path} once, spaced: every
     * write accepted ({@code accepted} status) is counted once ({@code count} reconciles, {@link #awaitReconciled}),
     * the list at {@code listPath} holds as many, and DynamoDB throttled none of them (no hot partition).
     */
    static void everyFanWritesOnceUnthrottled(RuntimeFixture fixture, com.fasterxml.jackson.databind.JsonNode seeded,
                                              int fans, long spacingMillis, String path, int accepted,
                                              Callable<Long> count, String listPath) throws Exception {
        var before = dynamoDbThrottles(fixture); // the seed's own bulk writes may meet the new tables' capacity
        List<Integer> answered = spaced(fixture, fans, spacingMillis, fan -> HttpRequest.newBuilder(fixture.uri(path))
                .header("Authorization", "Bearer " + seeded.get("tokens").get(fan + 1).asText())
                .PUT(HttpRequest.BodyPublishers.noBody()));

        awaitReconciled(answered, accepted, count);
        assertThat(listed(fixture, listPath)).as("the list holds as many as the count").isEqualTo(count.call());
        assertThat(dynamoDbThrottles(fixture)).as("no hot partition: DynamoDB throttled none of the writes")
                .isEqualTo(before);
    }

    /** How many items a list route holds, paged through 100 at a time. */
    static long listed(RuntimeFixture fixture, String listPath) throws Exception {
        long count = 0;
        String cursor = null;
        do {
            var page = com.scaleout.functions.shared.json.Json.MAPPER.readTree(fixture.get(listPath + "?limit=100"
                    + (cursor == null ? "" : "&cursor=" + java.net.URLEncoder.encode(cursor,
                    java.nio.charset.StandardCharsets.UTF_8))).body());
            count += page.path("items").size();
            cursor = page.hasNonNull("next") ? page.get("next").asText() : null;
        } while (cursor != null);
        return count;
    }

    /** The DynamoDB throttles the stack counted so far, by reason and resource. */
    static java.util.Map<String, Long> dynamoDbThrottles(RuntimeFixture fixture) {
        var throttles = new java.util.TreeMap<>(fixture.runtime().throttles());
        throttles.keySet().removeIf(throttle -> !throttle.contains(":dynamodb:"));
        return throttles;
    }
}
