package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.backends.MotoClients;
import com.scaleout.local.testing.OwnStack;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.warehouse.LocalWarehouse;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The test interface through the local runtime on moto_server and redis-server: seeding in chunks (and what the
 * streams then derive), the stress test, the status, and a reset that leaves nothing behind. In order: each step
 * starts from what the one before left.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnStack // its own stack: it counts everything the stores hold and empties them
class AdminIT extends ProductionApiIT {
    /** The failsafe configuration's SCALEOUT_ADMIN_KEY. */
    private static final String ADMIN_KEY = "it-admin-key";
    private static final Duration STREAMS = Duration.ofSeconds(30);
    /** The change log's stream, then the warehouse loader's (batched for up to 5 s), on a busy machine. */
    private static final Duration WAREHOUSE = Duration.ofSeconds(120);
    private static final List<JsonNode> seeded = new ArrayList<>();

    private static JsonNode admin(String method, String path, String body) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(fixture.uri(path)).header("X-Admin-Key", ADMIN_KEY)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        var response = fixture.send(request);
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(200);
        return Json.MAPPER.readTree(response.body());
    }

    /** The import warehouse's files (keys) in the local S3. */
    private static List<String> warehouseFiles() {
        try (var s3 = MotoClients.s3(fixture.runtime().backends().dynamoDbEndpoint())) {
            return s3.listObjectsV2(list -> list.bucket(LocalWarehouse.bucket())).contents().stream()
                    .map(software.amazon.awssdk.services.s3.model.S3Object::key).toList();
        }
    }

    private static JsonNode status() throws IOException, InterruptedException {
        return admin("GET", "/admin/status", null);
    }

    /** The item counts of the tables a seed writes itself (the streams write the others meanwhile). */
    private static List<Long> seedTables(JsonNode status) {
        return java.util.stream.Stream.of("Users", "Usernames", "Tweets", "Follows")
                .map(table -> status.get("tables").get(table).asLong()).toList();
    }

    private static String logIn(String username) {
        var session = api.post("/sessions", null, Map.of("username", username, "password", "seeded-password"));
        assertThat(session.status()).as(session.body()).isEqualTo(201);
        return session.text("token");
    }

    @Test
    @Order(1)
    void seedingInChunksGrowsOneFollowGraphWithCountsEqualToEdges() throws Exception {
        for (int chunk = 0; chunk < 3; chunk++) {
            var answer = admin("POST", "/admin/seed", "{\"users\": 25, \"tweetsPerUser\": 3, \"followsPerUser\": 5}");
            assertThat(answer.get("firstIndex").asLong()).isEqualTo(25L * chunk);
            assertThat(answer.get("users").asInt()).isEqualTo(25);
            assertThat(answer.get("tweets").asInt()).isEqualTo(75);
            seeded.add(answer);
        }
        var status = status();
        assertThat(status.get("users").asLong()).isEqualTo(75);
        assertThat(status.get("tweets").asLong()).isEqualTo(225);
        assertThat(status.get("follows").asLong()).isEqualTo(seeded.stream().mapToLong(a -> a.get("follows").asLong())
                .sum());

        // the first account, followed across all three chunks, has the most followers; its count equals its edges
        String first = seeded.getFirst().get("accounts").get(0).get("username").asText();
        var profile = api.get("/users/" + first);
        long followers = profile.json().get("followers").asLong();
        assertThat(followers).isGreaterThan(15);
        var listed = new ArrayList<String>();
        String next = "/users/" + first + "/followers?limit=100";
        while (next != null) {
            var page = api.get(next).json();
            page.get("items").forEach(u -> listed.add(u.get("username").asText()));
            next = page.hasNonNull("next") ? "/users/" + first + "/followers?limit=100&cursor=" + page.get("next").asText()
                    : null;
        }
        assertThat(listed).hasSize((int) followers).doesNotHaveDuplicates();

        // a chunk sent again (a retry after a lost answer) is answered as it was and changes nothing
        String chunk = "{\"users\": 10, \"tweetsPerUser\": 1, \"followsPerUser\": 5, \"chunkId\": \"it-retry-1\"}";
        var once = admin("POST", "/admin/seed", chunk);
        String member = once.get("accounts").get(0).get("username").asText();
        // the author index comes from a stream: compared once it holds the member's tweet
        await().atMost(STREAMS).until(() -> api.get("/users/" + member + "/tweets").json().get("items").size() == 1);
        var before = List.of(api.get("/users/" + first).body(), api.get("/users/" + member).body(),
                api.get("/users/" + member + "/tweets").body(), api.get("/users/" + member + "/following").body());
        var tablesBefore = seedTables(status());
        var twice = admin("POST", "/admin/seed", chunk);
        assertThat(once.get("replayed").asBoolean()).isFalse();
        assertThat(twice.get("replayed").asBoolean()).isTrue();
        for (String field : List.of("firstIndex", "users", "tweets", "follows", "accounts")) {
            assertThat(twice.get(field)).as(field).isEqualTo(once.get(field));
        }
        assertThat(List.of(api.get("/users/" + first).body(), api.get("/users/" + member).body(),
                api.get("/users/" + member + "/tweets").body(), api.get("/users/" + member + "/following").body()))
                .isEqualTo(before);
        assertThat(seedTables(status())).isEqualTo(tablesBefore);
        assertThat(status().get("users").asLong()).isEqualTo(85);
        // the same chunk id for another chunk is refused, not seeded
        var reused = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/seed")).header("X-Admin-Key", ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofString(chunk.replace("\"users\": 10", "\"users\": 11"))));
        assertThat(reused.statusCode()).as(reused.body()).isEqualTo(409);
        seeded.add(once);
    }

    @Test
    @Order(2)
    void aSeededAccountLogsInAndItsTimelineFillsFromTheStreams() {
        String username = seeded.get(2).get("accounts").get(24).get("username").asText();
        String token = logIn(username);
        assertThat(api.get("/users/" + username).json().get("following").asLong()).isPositive();

        await().atMost(STREAMS).until(() -> api.get("/timeline?limit=50", token).json().get("items").size() > 0);
        await().atMost(STREAMS).until(() -> api.get("/tweets/recent?limit=50").json().get("items").size() == 50);
    }

    @Test
    @Order(3)
    void theStatusReportsTheCacheAndEveryStreamConsumersLag() throws Exception {
        // the lag is the IteratorAge the stream poller published to moto's CloudWatch, as Lambda does in AWS
        var seeded = List.of("SocialFanout", "TweetIndexer", "SearchIndexer");
        await().atMost(STREAMS).until(() -> {
            var streams = status().get("streams");
            return seeded.stream().allMatch(consumer -> streams.path(consumer).path("lagMs").isNumber());
        });
        var status = status();

        assertThat(status.get("cacheReachable").asBoolean()).isTrue();
        assertThat(status.get("cache").get("keys").asLong()).isPositive();
        assertThat(status.get("streams").fieldNames()).toIterable()
                .containsExactlyInAnyOrder("SocialFanout", "TweetIndexer", "SearchIndexer", "ImportChangeLog",
                        "AlbumReviewCounter", "SocialCounter");
        for (String consumer : seeded) {
            assertThat(status.get("streams").get(consumer).get("lagMs").asLong()).as(consumer).isNotNegative();
        }
        // nothing was imported: no batch, so no lag reported rather than a lag of 0
        assertThat(status.get("streams").get("ImportChangeLog").get("lagMs").isNull()).isTrue();
        assertThat(status.get("tables").get("Tweets").asLong()).isEqualTo(235);
        // what ./scaleout seed waits for between chunks: every consumer reported since the writes, close behind
        var reports = new ArrayList<String>();
        long started = System.nanoTime();
        new StreamCatchUp(new AdminClient(fixture.runtime().url(), ADMIN_KEY))
                .await(StreamCatchUp.consumersOf(3, 5), java.time.Instant.now().minusSeconds(60), StreamCatchUp.IDLE,
                        reports::add);
        assertThat(reports).noneMatch(report -> report.contains("going on"));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(StreamCatchUp.GIVE_UP);
    }

    @Test
    @Order(4)
    void stressGivesTheStarItsFansAndTimesEachOperation() throws Exception {
        String star = unique("star");
        var answer = admin("POST", "/admin/stress", "{\"n\": 5, \"star\": \"" + star + "\", \"fan\": 30}");

        assertThat(answer.get("complete").asBoolean()).isTrue();
        assertThat(answer.get("fans").asInt()).isEqualTo(30);
        for (String operation : List.of("tweet", "follow", "timeline")) {
            assertThat(answer.get(operation).get("count").asInt()).as(operation).isEqualTo(5);
            assertThat(answer.get(operation).get("averageMs").asDouble()).as(operation).isPositive();
        }
        var profile = api.get("/users/" + star).json();
        assertThat(profile.get("followers").asLong()).isEqualTo(30);
        assertThat(profile.get("following").asLong()).isEqualTo(5);
        assertThat(profile.get("tweets").asLong()).isEqualTo(5);
        String fan = api.get("/users/" + star + "/followers?limit=1").json().get("items").get(0).get("username")
                .asText();
        String token = logIn(fan);
        await().atMost(STREAMS).until(() -> api.get("/timeline?limit=50", token).json().get("items").size() == 5);
    }

    @Test
    @Order(5)
    void aResetLeavesNoAccountTweetFollowOrWarehouseFileAndKeepsImportKeys() throws Exception {
        String username = seeded.getFirst().get("accounts").get(0).get("username").asText();
        var key = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/import-keys"))
                .header("X-Admin-Key", ADMIN_KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"clientId\": 77, \"name\": \"kept\"}")));
        assertThat(key.statusCode()).isEqualTo(201);
        String token = Json.MAPPER.readTree(key.body()).get("token").asText();
        // an import record, in the warehouse before the reset: its files and state go with it
        var pushed = fixture.send(HttpRequest.newBuilder(fixture.uri("/v2/import/push"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("[{\"client_id\": 77, \"table_name\": \"gone\", "
                        + "\"sequence\": 1, \"action\": \"upsert\", \"key_names\": [\"id\"], \"data\": {\"id\": 1}}]")));
        assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(201);
        var dynamoDb = fixture.runtime().dynamoDb();
        await().atMost(WAREHOUSE).until(() -> dynamoDb.scan(scan -> scan.tableName("WarehouseTables")).count() > 0);
        assertThat(warehouseFiles()).isNotEmpty();

        JsonNode reset;
        int calls = 0;
        do {
            reset = admin("POST", "/admin/reset", null);
            calls++;
        } while (!reset.get("complete").asBoolean() && calls < 20);

        assertThat(reset.get("complete").asBoolean()).isTrue();
        assertThat(reset.get("cacheFlushed").asBoolean()).isTrue();
        var status = status();
        for (String count : List.of("users", "tweets", "follows", "albums", "importRecords")) {
            assertThat(status.get(count).asLong()).as(count).isZero();
        }
        assertThat(dynamoDb.scan(scan -> scan.tableName("WarehouseTables")).count()).as("the warehouse's state")
                .isZero();
        assertThat(warehouseFiles()).as("the warehouse's files").isEmpty();
        assertThat(api.get("/users/" + username).status()).isEqualTo(404);
        assertThat(api.post("/sessions", null, Map.of("username", username, "password", "seeded-password")).status())
                .isEqualTo(401);
        assertThat(api.get("/tweets/recent").json().get("items")).isEmpty();
        // seeding starts again from the first index
        assertThat(admin("POST", "/admin/seed", "{\"users\": 2, \"tweetsPerUser\": 0, \"followsPerUser\": 1}")
                .get("firstIndex").asLong()).isZero();
        var kept = fixture.send(HttpRequest.newBuilder(fixture.uri("/v2/import/status")));
        assertThat(kept.statusCode()).isEqualTo(200);
        var authenticated = fixture.send(HttpRequest.newBuilder(fixture.uri("/v2/client/77/authenticate?apikey=" + token)));
        assertThat(authenticated.statusCode()).isEqualTo(200);
    }

    @Test
    @Order(6)
    void withoutTheAdminKeyNothingHappens() throws Exception {
        var response = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/reset"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(status().get("users").asLong()).isEqualTo(2);
    }

    @Test
    @Order(7)
    void theCommandLineSeedsInChunksWithProgressAndResetsUntilComplete() throws Exception {
        var output = new java.io.ByteArrayOutputStream();
        var cli = new AdminCli(new AdminClient(fixture.runtime().url(), ADMIN_KEY),
                new java.io.PrintStream(output, true, java.nio.charset.StandardCharsets.UTF_8), false,
                question -> java.util.Optional.empty());

        // not waiting for the streams: they are still working off the reset's deletions (StreamCatchUp is
        // exercised in theStatusReportsTheCacheAndEveryStreamConsumersLag)
        // a run that stopped after its first chunk, as the route saw it: that chunk went in under the CLI's id
        var first = SeedChunks.of("it", 30, 2, 3, 12).getFirst();
        admin("POST", "/admin/seed", Json.write(Map.of("users", first.users(), "tweetsPerUser", 2,
                "followsPerUser", 3, "chunkId", first.id())));
        cli.seed("it", 30, 2, 3, 12, false);
        String seeding = output.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(seeding).contains("seeding 30 accounts (2 tweets and 3 follows each) in 3 requests")
                .contains("resuming at chunk 2 of 3 (12 accounts were seeded by an earlier run")
                .contains("[############") .contains("100%")
                .contains("seeded 18 accounts, 36 tweets, 54 follows")
                .contains("with the 12 accounts seeded before, 30 in all");
        assertThat(status().get("users").asLong()).isEqualTo(32);

        output.reset();
        cli.seed("it", 30, 2, 3, 12, false);
        assertThat(output.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("all 3 chunks were seeded before (30 accounts): nothing to do");
        assertThat(status().get("users").asLong()).isEqualTo(32);

        output.reset();
        cli.reset(false); // a local stack: no question
        assertThat(output.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("complete")
                .contains("cache flushed");
        assertThat(status().get("users").asLong()).isZero();
    }

    @Test
    @Order(8)
    void theCommandLineIssuesAnImportKeyThatPushesAndRevokesIt() throws Exception {
        var output = new java.io.ByteArrayOutputStream();
        var errors = new java.io.ByteArrayOutputStream();
        var commandLine = AdminCommandLine.create(new AdminCommandLine.Context(
                url -> new AdminClient(url, ADMIN_KEY),
                new java.io.PrintStream(output, true, java.nio.charset.StandardCharsets.UTF_8)),
                new java.io.PrintStream(errors, true, java.nio.charset.StandardCharsets.UTF_8));
        String url = fixture.runtime().url();

        assertThat(commandLine.execute("import-key", "create", "--client", "7", "--name", "smoke", "--url", url))
                .as(errors.toString(java.nio.charset.StandardCharsets.UTF_8)).isZero();
        var created = output.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        assertThat(created).hasSize(2);
        assertThat(created.get(1)).isEqualTo("created: keep the token now; only its hash is stored");
        String token = Json.MAPPER.readTree(created.get(0)).get("token").asText();
        String push = "[{\"client_id\":7,\"table_name\":\"smoke\",\"sequence\":1,\"action\":\"upsert\","
                + "\"key_names\":[\"id\"],\"data\":{\"id\":1}}]";
        assertThat(api.send("POST", "/v2/import/push", token, push).status()).isEqualTo(201);

        output.reset();
        String keyId = token.substring(0, token.indexOf('.'));
        assertThat(commandLine.execute("import-key", "revoke", keyId, "--url", url))
                .as(errors.toString(java.nio.charset.StandardCharsets.UTF_8)).isZero();
        assertThat(output.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("revoked: import functions stop accepting it at once");
        await().atMost(STREAMS).until(() -> List.of(401, 403)
                .contains(api.send("POST", "/v2/import/push", token, push).status()));

        output.reset();
        assertThat(commandLine.execute("status", "--url", url))
                .as(errors.toString(java.nio.charset.StandardCharsets.UTF_8)).isZero();
        assertThat(output.toString(java.nio.charset.StandardCharsets.UTF_8)).startsWith("status of " + url + " at ")
                .contains(" users, ").contains("  cache     ").contains("  streams   ");
    }
}
