package com.scaleout.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.admin.seed.SeedBatch;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryTweetStore;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The test interface's routes on the samples in {@code events/admin/}: the admin key, every bad input, and the
 * answers' shapes. The stress test's timed work runs against the real services in {@code AdminIT}.
 */
class AdminHandlerTest {
    static final String FOLDER = "events/admin/";

    private final AdminWorld world = new AdminWorld();
    private final AdminHandler handler = world.handler;
    private final InMemoryUserStore users = world.users;
    private final InMemoryTweetStore tweets = world.tweets;
    private final InMemoryFollowStore follows = world.follows;
    private final List<SeedBatch> written = world.written;
    private final Map<String, Long> left = world.left;
    private final AtomicInteger generatorsDrawn = world.generatorsDrawn;

    record Reply(int status, JsonNode json) {
    }

    private Reply handle(String sample) throws Exception {
        APIGatewayV2HTTPEvent event = EventLoader.loadApiGatewayHttpEvent(FOLDER + sample + ".json");
        var response = handler.handleRequest(event, null);
        String body = response.getBody();
        return new Reply(response.getStatusCode(), body == null || body.isEmpty() ? null : Json.MAPPER.readTree(body));
    }

    @Test
    void seedingWritesTheAccountsTweetsAndFollowsItReports() throws Exception {
        var reply = handle("seed");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("users").asInt()).isEqualTo(20);
        assertThat(reply.json().get("tweets").asInt()).isEqualTo(60);
        assertThat(reply.json().get("follows").asInt()).isEqualTo(20 * 4);
        assertThat(reply.json().get("firstIndex").asLong()).isZero();
        assertThat(reply.json().get("password").asText()).isEqualTo("seeded-password");
        assertThat(reply.json().get("accounts")).hasSize(20);
        assertThat(written).hasSize(1);
        assertThat(written.getFirst().edges()).hasSize(80);
    }

    @Test
    void seedingWithSessionsAnswersATokenPerAccountThatAuthenticatesAsIt() throws Exception {
        var reply = handle("seed-sessions");

        assertThat(reply.status()).isEqualTo(200);
        var accounts = reply.json().get("accounts");
        var tokens = reply.json().get("tokens");
        assertThat(tokens).hasSize(5);
        for (int i = 0; i < tokens.size(); i++) {
            var session = world.sessions.authenticate(tokens.get(i).asText());
            assertThat(session).as("token %d", i).isPresent();
            assertThat(session.get().userId()).isEqualTo(accounts.get(i).get("userId").asText());
            assertThat(session.get().username()).isEqualTo(accounts.get(i).get("username").asText());
        }
        assertThat(handle("seed").json().has("tokens")).as("only when asked for").isFalse();
        var answer = handler.handleRequest(EventLoader.loadApiGatewayHttpEvent(FOLDER + "seed-sessions.json"), null);
        assertThat(answer.getHeaders()).as("tokens in the body: as a login's answer")
                .containsEntry("cache-control", "no-store");
    }

    @Test
    void aSecondChunkContinuesTheIndexesAndFollowsTheFirst() throws Exception {
        handle("seed");
        var second = handle("seed");

        assertThat(second.json().get("firstIndex").asLong()).isEqualTo(20);
        var firstIds = written.getFirst().users().stream().map(u -> u.id()).collect(Collectors.toSet());
        assertThat(written.get(1).edges()).anyMatch(e -> firstIds.contains(e.followeeId()));
        assertThat(written.get(1).followersAddedToEarlier()).isNotEmpty();
    }

    @Test
    void aChunkSentAgainAfterItWasWrittenWholeWritesNothingAndAnswersTheSame() throws Exception {
        var first = handle("seed-chunk");
        var again = handle("seed-chunk");

        assertThat(again.status()).isEqualTo(200);
        assertThat(first.json().get("replayed").asBoolean()).isFalse();
        assertThat(again.json().get("replayed").asBoolean()).isTrue();
        assertThat(again.json().get("chunkId").asText()).isEqualTo("retry-me-1");
        for (String field : List.of("firstIndex", "users", "skipped", "tweets", "follows", "accounts")) {
            assertThat(again.json().get(field)).as(field).isEqualTo(first.json().get(field));
        }
        assertThat(written).hasSize(1);
        assertThat(handle("seed").json().get("firstIndex").asLong()).isEqualTo(6);
    }

    @Test
    void aChunkWhoseFirstAttemptDiedAfterWritingWritesTheSameDataUnderTheSameRange() throws Exception {
        world.failNextFinish = true;
        assertThat(handle("seed-chunk").status()).isEqualTo(500);

        var again = handle("seed-chunk");

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("replayed").asBoolean()).isFalse();
        assertThat(again.json().get("firstIndex").asLong()).isZero();
        assertThat(again.json().get("users").asInt()).isEqualTo(6);
        assertThat(written).hasSize(2);
        assertThat(written.get(1)).isEqualTo(written.get(0));
        assertThat(handle("seed-chunk").json().get("replayed").asBoolean()).as("finished now").isTrue();
    }

    @Test
    void aChunkIdUsedAgainForAnotherChunkIsAConflict() throws Exception {
        handle("seed-chunk");

        var reused = handle("seed-chunk-reused");

        assertThat(reused.status()).isEqualTo(409);
        assertThat(reused.json().get("message").asText()).contains("retry-me-1").contains("different chunk");
        assertThat(written).hasSize(1);
    }

    @Test
    void seedingFansOfAnAccountMakesEveryNewAccountFollowItAndNobodyElse() throws Exception {
        users.create(star("u-celebrity", "celebrity"));

        var reply = handle("seed-fans-of");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("follows").asInt()).isEqualTo(8);
        assertThat(reply.json().get("tokens")).hasSize(8);
        assertThat(written.getFirst().edges()).hasSize(8).allMatch(edge -> edge.followeeId().equals("u-celebrity"));
        assertThat(written.getFirst().followersAddedToEarlier()).containsEntry("u-celebrity", 8L);
    }

    @Test
    void aChunkIdUsedAgainForFansOfAnotherAccountIsAConflict() throws Exception {
        users.create(star("u-celebrity", "celebrity"));
        users.create(star("u-other", "other_star"));
        handle("seed-fans-of");

        var reused = handle("seed-fans-of-another");

        assertThat(reused.status()).isEqualTo(409);
        assertThat(reused.json().get("message").asText()).contains("fans-1").contains("fans of u-celebrity");
        assertThat(written).hasSize(1);
        assertThat(handle("seed-fans-of").json().get("replayed").asBoolean()).as("the same chunk: replayed").isTrue();
    }

    private static com.scaleout.functions.social.domain.User star(String id, String username) {
        return new com.scaleout.functions.social.domain.User(id, username, username, "2026-11-01T00:00:00Z",
                "hash", 0, 0, 0);
    }

    @Test
    void seedingDefaultsToTenTweetsAndTenFollowsEach() throws Exception {
        handle("seed");
        var reply = handle("seed-defaults");

        assertThat(reply.json().get("tweets").asInt()).isEqualTo(50);
        assertThat(reply.json().get("follows").asInt()).isEqualTo(50);
    }

    @Test
    void stressRegistersTheStarGivesItFansAndTimesEachOperation() throws Exception {
        var reply = handle("stress");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("star").asText()).isEqualTo("star_user");
        assertThat(reply.json().get("fans").asInt()).isEqualTo(20);
        assertThat(reply.json().get("complete").asBoolean()).isTrue();
        for (String operation : List.of("tweet", "follow", "timeline")) {
            var timing = reply.json().get(operation);
            assertThat(timing.get("count").asInt()).as(operation).isEqualTo(5);
            assertThat(timing.get("averageMs").asDouble()).as(operation).isPositive();
            assertThat(timing.get("p99Ms").asDouble()).as(operation)
                    .isGreaterThanOrEqualTo(timing.get("averageMs").asDouble() * 0.99);
        }
        var star = users.findByUsername("star_user").orElseThrow();
        assertThat(tweets.byAuthor(star.id(), new PageRequest(50, Optional.empty())).items()).hasSize(5);
        // 20 fans follow the star; it follows 5 of them back
        assertThat(follows.allFollowerIds(star.id())).hasSize(20);
        assertThat(follows.allFolloweeIds(star.id())).hasSize(5);
    }

    @Test
    void eachStressRequestDrawsAGeneratorOfItsOwnNotOneFromTheSnapStartSnapshot() throws Exception {
        assertThat(generatorsDrawn).hasValue(0);
        assertThat(handle("stress").status()).isEqualTo(200);
        assertThat(handle("stress").status()).isEqualTo(200);

        assertThat(generatorsDrawn).hasValue(2);
    }

    @Test
    void resetAnswersWhatItDeletedAndThatItIsComplete() throws Exception {
        var reply = handle("reset");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("complete").asBoolean()).isTrue();
        assertThat(reply.json().get("cacheFlushed").asBoolean()).isTrue();
        assertThat(reply.json().get("deleted").get("Users").asLong()).isEqualTo(3);
    }

    @Test
    void statusAnswersCountsAndTheCache() throws Exception {
        var reply = handle("status");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("users").asLong()).isEqualTo(25);
        assertThat(reply.json().get("cacheReachable").asBoolean()).isTrue();
        assertThat(reply.json().get("cache").get("hitRate").asDouble()).isEqualTo(0.75);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "seed-missing-users, 400, users",
        "seed-zero-users, 400, users",
        "seed-negative-follows, 400, followsPerUser",
        "seed-users-not-a-number, 400, users",
        "stress-missing-star, 400, star",
        "stress-invalid-star, 400, star",
        "stress-n-too-large, 400, n",
        "stress-too-many-fans, 400, fan",
        "seed-bad-chunk-id, 400, chunkId",
        "seed-fans-of-unknown, 400, fansOf"})
    void badInputIsA400NamingTheField(String sample, int status, String field) throws Exception {
        var reply = handle(sample);

        assertThat(reply.status()).isEqualTo(status);
        assertThat(reply.json().toString()).contains(field);
        assertThat(written).isEmpty();
    }

    @Test
    void aSeedTooLargeForOneRequestSaysToSeedInChunks() throws Exception {
        var reply = handle("seed-too-many-items");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("message").asText()).contains("2,000 items").contains("chunks");
    }

    @Test
    void malformedJsonIs400() throws Exception {
        assertThat(handle("seed-malformed-json").status()).isEqualTo(400);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "seed-no-admin-key, 401",
        "seed-wrong-admin-key, 403",
        "reset-no-admin-key, 401",
        "status-wrong-admin-key, 403",
        "stress-no-admin-key, 401"})
    void theAdminKeyIsRequired(String sample, int status) throws Exception {
        assertThat(handle(sample).status()).isEqualTo(status);
        assertThat(written).isEmpty();
        assertThat(left.get("Users")).isEqualTo(3);
    }

    @Test
    void everySampleIsUsedHere() throws IOException {
        Set<String> used = new TreeSet<>(List.of("seed", "seed-defaults", "seed-missing-users", "seed-zero-users",
                "seed-too-many-items", "seed-negative-follows", "seed-users-not-a-number", "seed-malformed-json",
                "seed-no-admin-key", "seed-wrong-admin-key", "seed-chunk", "seed-chunk-reused", "seed-bad-chunk-id",
                "seed-sessions", "seed-fans-of", "seed-fans-of-another", "seed-fans-of-unknown", "reset",
                "reset-no-admin-key", "status",
                "status-wrong-admin-key", "stress", "stress-missing-star", "stress-invalid-star", "stress-n-too-large",
                "stress-too-many-fans", "stress-no-admin-key"));
        try (Stream<Path> files = Files.list(Path.of("../" + FOLDER))) {
            assertThat(files.map(f -> f.getFileName().toString().replace(".json", "")))
                    .containsExactlyInAnyOrderElementsOf(used);
        }
    }
}
