package com.scaleout.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The meter on real routes through the local runtime: counts derived from the code and docs/data-model.md. */
class CostMeterIT extends ProductionApiIT {

    @BeforeAll
    static void capacity() {
        System.setProperty(Meters.CAPACITY_PROPERTY, "true");
    }

    @AfterAll
    static void noCapacity() {
        System.clearProperty(Meters.CAPACITY_PROPERTY);
    }

    @Test
    void readingATweetIsOneEventuallyConsistentGetItemAndItsAuthorsCachedName() {
        String token = api.signUp(unique("meter"));
        String id = api.post("/tweets", token, Map.of("text", "metered")).json().get("id").asText();
        api.get("/tweets/" + id); // warm: the environment exists, the connections are open

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/tweets/" + id).status()).isEqualTo(200);
            var invocations = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_TWEETS)).toList();

            assertThat(invocations).hasSize(1);
            var reading = invocations.getFirst().reading();
            // the tweet (far under 4 KB), then its author's current display name from the name cache, which the
            // warm-up filled: no Users read
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("GetItem", 1));
            assertThat(reading.readUnits()).isEqualTo(0.5);
            assertThat(reading.writeUnits()).isZero();
            assertThat(reading.byPartition().keySet()).singleElement().satisfies(partition -> {
                assertThat(partition.index()).isNull();
                assertThat(partition.key()).isEqualTo(id); // the tweet's own partition, for the capacity model
            });
            assertThat(reading.redisCommands()).isEqualTo(1);
            assertThat(reading.redisRoundTrips()).isEqualTo(1);
        }
    }

    @Test
    void anAuthorizedReadChecksTheSessionInOneRedisRoundTrip() {
        String token = api.signUp(unique("meterm"));
        api.get("/me", token); // warm, and the authorizer's answer cached as API Gateway caches it

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/me", token).status()).isEqualTo(200);
            // the request's invocations: a stream consumer still busy with an earlier test's tweet may run meanwhile
            var invocations = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_ACCOUNTS)
                            || i.function().equals(ScaleoutDeclaration.SOCIAL_AUTHORIZER)).toList();
            var reading = invocations.stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_ACCOUNTS)).findFirst().orElseThrow()
                    .reading();

            assertThat(invocations).hasSize(1); // no authorizer invocation: its answer is cached
            // the revocation marker and the cached session, sent together; then the profile
            assertThat(reading.redisCommands()).isEqualTo(2);
            assertThat(reading.redisRoundTrips()).isEqualTo(1);
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("GetItem", 1));
        }
    }

    @Test
    void postingATweetWritesItsItemAndTheAuthorsIndexEntryInOneTransaction() {
        String token = api.signUp(unique("meterw"));
        api.post("/tweets", token, Map.of("text", "warm-up"));

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.post("/tweets", token, Map.of("text", "metered write")).status()).isEqualTo(201);
            var reading = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_TWEETS)).findFirst().orElseThrow()
                    .reading();

            // the tweet's put and the author's tweet count, 1 KB or less each, doubled by the transaction; the
            // tweet's entry in the ByAuthor index (its other indexes are for replies), not transactional; the
            // author's current display name for the answer's header comes from the name cache (the warm-up filled it)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("TransactWriteItems", 1));
            assertThat(reading.writeUnits()).isEqualTo(2 + 2 + 1);
            // the session check (revocation marker and cached session together), then the cached name
            assertThat(reading.redisCommands()).isEqualTo(3);
            assertThat(reading.redisRoundTrips()).isEqualTo(2);
        }
    }

    @Test
    void aWarmTimelineMakesNoDynamoDbCall() {
        String token = api.signUp(unique("metert"));
        api.post("/tweets", token, Map.of("text", "on my timeline"));
        // the fanout puts the tweet on its author's timeline; the reads that wait for it warm every cache
        await().atMost(Duration.ofSeconds(30)).until(() -> api.get("/timeline", token).json().get("items").size() == 1);

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/timeline", token).status()).isEqualTo(200);
            var reading = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_TIMELINE)).findFirst().orElseThrow()
                    .reading();

            // the page, the bodies, the authors' display names and the caller's retweets and likes of the page
            // (the cached copy of their acts) all from Redis: no DynamoDB call at all
            assertThat(reading.dynamoDbCalls()).isEmpty();
            assertThat(reading.redisRoundTrips()).isPositive();
        }
    }

    @Test
    void aUsersTweetsAreTheUsernamesClaimAndOneQuery() {
        String name = unique("meteru");
        String token = api.signUp(name);
        api.post("/tweets", token, Map.of("text", "listed"));
        api.get("/users/" + name + "/tweets"); // warm

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/users/" + name + "/tweets").status()).isEqualTo(200);
            var reading = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_TWEETS)).findFirst().orElseThrow()
                    .reading();

            // whose the name is (the claim), then the ByAuthor index; the authors' current display names come from
            // the name cache (one pipelined exchange), which the warm-up filled: no Users read
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("GetItem", 1, "Query", 1));
            assertThat(reading.redisRoundTrips()).isEqualTo(1);
        }
    }

    @Test
    void aColdSearchsShardQueriesAreMeteredThoughTheyRunOnThreadsTheHandlerStarts() {
        String token = api.signUp(unique("meters"));
        String word = unique("mw").toLowerCase();
        String other = unique("mo").toLowerCase();
        api.post("/tweets", token, Map.of("text", word + " and " + other));
        // a limit other than the default is never cached: every search below queries the index
        String path = "/search?limit=10&q=" + word + "%20" + other;
        await().atMost(Duration.ofSeconds(10)).until(() -> api.get(path).json().get("items").size() == 1);

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get(path).status()).isEqualTo(200);
            var reading = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_SEARCH)).findFirst().orElseThrow()
                    .reading();

            // 4 shards of each of the 2 terms and of their hashtags (a word finds its #word too), queried at once
            // on virtual threads; the tweet's body is the one the fanout put in the tweet cache (a Redis round
            // trip, no DynamoDB read); the author's current display name from the name cache (filled by the
            // searches that waited for the tweet)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("Query", 16));
            assertThat(reading.redisRoundTrips()).isPositive();
        }
    }
}
