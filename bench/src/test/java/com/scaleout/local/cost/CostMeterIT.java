package com.scaleout.local.cost;

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
    void readingATweetIsOneEventuallyConsistentGetItemItsAuthorsNameAndNoRedis() {
        String token = api.signUp(unique("meter"));
        String id = api.post("/tweets", token, Map.of("text", "metered")).json().get("id").asText();
        api.get("/tweets/" + id); // warm: the environment exists, the connections are open

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/tweets/" + id).status()).isEqualTo(200);
            var invocations = collected.drain().stream()
                    .filter(i -> i.function().equals(ScaleoutDeclaration.SOCIAL_TWEETS)).toList();

            assertThat(invocations).hasSize(1);
            var reading = invocations.getFirst().reading();
            // the tweet, then its author's current display name (a BatchGetItem of the author's item)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("GetItem", 1, "BatchGetItem", 1));
            assertThat(reading.readUnits()).isEqualTo(0.5 + 0.5); // a tweet and a user are far under 4 KB
            assertThat(reading.writeUnits()).isZero();
            assertThat(reading.redisCommands()).isZero();
            assertThat(reading.redisRoundTrips()).isZero();
        }
    }

    @Test
    void anAuthorizedReadChecksTheSessionInOneRedisRoundTrip() {
        String token = api.signUp(unique("meterm"));
        api.get("/me", token); // warm, and the authorizer's answer cached as API Gateway caches it

        try (var collected = CollectedInvocations.start()) {
            assertThat(api.get("/me", token).status()).isEqualTo(200);
            var invocations = collected.drain();
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
            // tweet's entry in the ByAuthor index (its other indexes are for replies), not transactional; then the
            // author's current display name for the answer's header (one BatchGetItem of one small item)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("TransactWriteItems", 1, "BatchGetItem", 1));
            assertThat(reading.writeUnits()).isEqualTo(2 + 2 + 1);
            assertThat(reading.readUnits()).isPositive().isLessThanOrEqualTo(1);
            // the session check (revocation marker and cached session together)
            assertThat(reading.redisCommands()).isEqualTo(2);
            assertThat(reading.redisRoundTrips()).isEqualTo(1);
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

            // whose the name is (the claim), then the ByAuthor index, then the authors' current display names (one
            // BatchGetItem of the page's distinct authors)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("GetItem", 1, "Query", 1, "BatchGetItem", 1));
            assertThat(reading.redisRoundTrips()).isZero();
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
            // trip, no DynamoDB read); the author's current display name (one BatchGetItem)
            assertThat(reading.dynamoDbCalls()).isEqualTo(Map.of("Query", 16, "BatchGetItem", 1));
            assertThat(reading.redisRoundTrips()).isPositive();
        }
    }
}
