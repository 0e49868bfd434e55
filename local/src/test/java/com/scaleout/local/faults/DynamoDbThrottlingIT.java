package com.scaleout.local.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.AlbumForms;
import com.scaleout.local.testing.ProductionApiIT;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB throttling (issue 11), injected under the functions' own SDK clients by {@link ThrottlingInterceptor}:
 * occasional throttles are retried away by the SDK; sustained throttling is answered 503 with Retry-After and a
 * JSON message on every route family, never 500; and the import API answers 201 only for records it stored.
 */
class DynamoDbThrottlingIT extends ProductionApiIT {
    /** The key of the retry policy's probe: no user has it, and the proxy recognizes its attempts by it. */
    private static final String PROBE_KEY = "retry-probe-" + java.util.UUID.randomUUID();

    /**
     * A cold stack's first sign-up and login (function init, first connections) can outlast the 10 s function
     * timeout on a loaded 2-core machine; the tests below are about throttling, so they start warm.
     */
    @BeforeAll
    static void warmUp() {
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> api.signUp(unique("warm")) != null);
    }

    @Test
    void theFunctionsClientRetriesAThrottleAfterJitteredWaitsAndGivesUpInsideEveryFunctionsTimeout() {
        int shortestFunctionTimeout = ScaleoutDeclaration.declaration().functions().stream()
                .mapToInt(FunctionSpec::timeoutSeconds).min().orElseThrow();
        assertThat(AwsClients.CALL_TIMEOUT).isLessThan(Duration.ofSeconds(shortestFunctionTimeout));
        var waits = new ArrayList<List<Long>>();
        try (var dynamoDb = AwsClients.dynamoDb()) {
            getMissingUser(dynamoDb); // connections and classes warm, so the timings below are the retries'
            for (int call = 0; call < 3; call++) {
                // the stream consumers' calls go through the proxy too: only this call's attempts are timed
                try (var throttling = DynamoDbThrottling.throttle(1.0).trace(PROBE_KEY)) {
                    long start = System.nanoTime();
                    var failure = catchThrowableOfType(SdkException.class, () -> getMissingUser(dynamoDb));
                    Duration took = Duration.ofNanos(System.nanoTime() - start);

                    // DynamoDB's throttle as the SDK reports it, or the call timeout that cut its retries short
                    assertThat(failure).satisfiesAnyOf(
                            e -> assertThat(e).isInstanceOf(ApiCallTimeoutException.class),
                            e -> assertThat(((AwsServiceException) e).isThrottlingException()).isTrue());
                    assertThat(took).isLessThan(AwsClients.CALL_TIMEOUT.plusSeconds(2));
                    List<Long> times = throttling.attemptTimes();
                    // retried, within the 4 s call timeout, and not at once: backoffs came between the attempts
                    assertThat(times).as("attempts of one throttled call").hasSizeGreaterThanOrEqualTo(2);
                    var gaps = new ArrayList<Long>();
                    for (int i = 1; i < times.size(); i++) {
                        gaps.add((times.get(i) - times.get(i - 1)) / 1_000_000);
                    }
                    assertThat(gaps.stream().mapToLong(Long::longValue).sum()).as("waits %s ms", gaps)
                            .isGreaterThanOrEqualTo(100);
                    waits.add(gaps);
                }
            }
        }
        // jitter: three calls throttled alike did not wait alike
        assertThat(waits.stream().map(gaps -> gaps.get(0) / 5).distinct().count()).as("first waits %s", waits)
                .isGreaterThan(1);
    }

    private static void getMissingUser(software.amazon.awssdk.services.dynamodb.DynamoDbClient dynamoDb) {
        dynamoDb.getItem(r -> r.tableName("Users").key(Map.of("id", AttributeValue.fromS(PROBE_KEY))));
    }

    @Test
    void occasionalThrottlesAreRetriedAwayAndEveryRequestSucceeds() throws Exception {
        var cast = Cast.signUp();
        String alice = cast.author();
        String aliceToken = cast.authorToken();
        String bobToken = cast.followerToken();
        String importToken = cast.importKey().token();
        long client = cast.importKey().client();
        try (var throttling = DynamoDbThrottling.throttle(0.05)) {
            assertThat(api.put("/me/following/" + alice, bobToken).status()).isEqualTo(204);
            var tweetIds = new ArrayList<String>();
            for (int i = 0; i < 5; i++) {
                var tweet = api.post("/tweets", aliceToken, Map.of("text", "steady #" + alice + " " + i));
                assertThat(tweet.status()).as(tweet.body()).isEqualTo(201);
                tweetIds.add(tweet.text("id"));
            }
            assertThat(api.get("/users/" + alice + "/tweets").status()).isEqualTo(200);
            assertThat(api.get("/tweets/" + tweetIds.getFirst()).status()).isEqualTo(200);
            var album = postAlbum();
            assertThat(album.status()).as(album.body()).isEqualTo(200);
            assertThat(api.get("/albums/" + album.text("albumID")).status()).isEqualTo(200);
            var push = api.post("/v2/import/push", importToken, records(client, 1, 20));
            assertThat(push.status()).as(push.body()).isEqualTo(201);
            // the stream consumers are throttled too, and catch up
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                    ids(api.get("/timeline", bobToken).json())).containsAll(tweetIds));

            assertThat(throttling.throttled()).as("throttled attempts").isPositive();
            assertThat(throttling.attempts()).isGreaterThan(throttling.throttled());
        }
        assertThat(storedSequences(client)).hasSize(20);
    }

    @Test
    void sustainedThrottlingIsAnswered503WithRetryAfterOnEveryRouteFamilyAndNever500() throws Exception {
        var cast = Cast.signUp();
        String alice = cast.author();
        String aliceToken = cast.authorToken();
        String bobToken = cast.followerToken();
        String tweetId = api.post("/tweets", aliceToken, Map.of("text", "before the storm")).text("id");
        // Both tokens have been used once, as an active client's have: the gateway caches the authorizer's answer.
        // (Not covered: a token's first use while DynamoDB throttles. The authorizer then reads the session from
        // DynamoDB, and a failing authorizer is a 500 at API Gateway, which offers it no way to say 503.)
        assertThat(api.get("/me", bobToken).status()).isEqualTo(200);
        String albumId = postAlbum().text("albumID");
        String importToken = cast.importKey().token();
        long client = cast.importKey().client();
        api.post("/v2/import/push", importToken, records(client, 1, 1)); // the key is checked and cached

        var replies = new LinkedHashMap<String, Reply>();
        try (var throttling = DynamoDbThrottling.throttle(1.0);
             var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            // the import API retries its writes until its deadline (29 s), so it runs beside the others
            Future<Reply> push = pool.submit(() -> api.post("/v2/import/push", importToken, records(client, 2, 5)));
            replies.put("social write: POST /tweets", api.post("/tweets", aliceToken, Map.of("text", "in the storm")));
            replies.put("social write: PUT /me/following", api.put("/me/following/" + alice, bobToken));
            replies.put("social write: POST retweets", api.post("/tweets/" + tweetId + "/retweets", bobToken, "{}"));
            replies.put("social read: GET /users/{u}/tweets", api.get("/users/" + alice + "/tweets"));
            replies.put("social read: GET /tweets/{id}/replies", api.get("/tweets/" + tweetId + "/replies"));
            replies.put("social read: GET /users/{u}/followers", api.get("/users/" + alice + "/followers"));
            replies.put("albums write: POST /albums", postAlbum());
            replies.put("albums read: GET /albums/{id}", api.get("/albums/" + albumId));
            replies.put("import write: POST /v2/import/push", push.get());
            assertThat(throttling.throttled()).isPositive();
        }
        replies.forEach((route, reply) -> {
            if (reply.status() < 300) {
                return; // served without DynamoDB (a cache): fine
            }
            assertThat(reply.status()).as(route + ": " + reply.body()).isIn(429, 503);
            assertThat(reply.raw().headers().firstValue("retry-after")).as(route).hasValueSatisfying(
                    seconds -> assertThat(Long.parseLong(seconds)).isPositive());
            assertThat(messageOf(reply)).as(route + ": " + reply.body()).isNotBlank();
        });
        // every family was really refused for want of capacity, not served around it
        var refusedFamilies = replies.entrySet().stream().filter(e -> e.getValue().status() >= 300)
                .map(e -> e.getKey().substring(0, e.getKey().indexOf(':'))).distinct().toList();
        assertThat(refusedFamilies).containsExactlyInAnyOrder("social write", "social read", "albums write",
                "albums read", "import write");
        // nothing of the refused push was reported stored; once DynamoDB has capacity again, its retry is
        assertThat(api.post("/v2/import/push", importToken, records(client, 2, 5)).status()).isEqualTo(201);
        assertThat(storedSequences(client)).hasSize(6);
    }

    @Test
    void theImportApiAnswers201OnlyForRecordsItStored() throws Exception {
        ImportKey key = importKey();
        String importToken = key.token();
        long client = key.client();
        var accepted = new HashMap<Long, Long>(); // key → sequence the API said it stored
        var statuses = new ArrayList<Integer>();
        try (var throttling = DynamoDbThrottling.throttle(0.6);
             var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            var pushes = new ArrayList<Future<Map.Entry<Integer, Long>>>();
            for (int pusher = 0; pusher < 6; pusher++) {
                long first = pusher * 10L + 1;
                Callable<Map.Entry<Integer, Long>> push = () -> Map.entry(
                        api.post("/v2/import/push", importToken, records(client, first, 10)).status(), first);
                pushes.add(pool.submit(push));
            }
            for (var push : pushes) {
                var outcome = push.get();
                statuses.add(outcome.getKey());
                if (outcome.getKey() == 201) {
                    for (long id = outcome.getValue(); id < outcome.getValue() + 10; id++) {
                        accepted.put(id, id);
                    }
                }
            }
            assertThat(throttling.throttled()).isPositive();
        }
        assertThat(statuses).allSatisfy(status -> assertThat(status).isIn(201, 503));
        assertThat(accepted).isNotEmpty();
        assertThat(storedSequences(client)).containsAllEntriesOf(accepted);
    }

    /** {@code count} upserts of keys {@code first..} of table "orders", each key's sequence equal to it. */
    private static String records(long client, long first, int count) {
        var records = new ArrayList<Map<String, Object>>();
        for (long key = first; key < first + count; key++) {
            records.add(Map.of("client_id", client, "table_name", "orders", "sequence", key, "action", "upsert",
                    "key_names", List.of("id"), "data", Map.of("id", key, "total", key * 3)));
        }
        return Json.write(records);
    }

    /** The stored records of the client: key id → sequence, read straight from the table. */
    private static Map<Long, Long> storedSequences(long client) {
        var stored = new HashMap<Long, Long>();
        fixture.runtime().dynamoDb().scanPaginator(scan -> scan.tableName("ImportRecords").consistentRead(true)
                        .filterExpression("clientId = :client")
                        .expressionAttributeValues(Map.of(":client", AttributeValue.fromN(Long.toString(client)))))
                .items().forEach(item -> stored.put(keyId(item.get("keyJson").s()),
                        Long.parseLong(item.get("sequence").n())));
        return stored;
    }

    /** Who a test needs: an author, a would-be follower, and an import client. */
    private record Cast(String author, String authorToken, String followerToken, ImportKey importKey) {
        static Cast signUp() throws Exception {
            String author = unique("thra");
            return new Cast(author, api.signUp(author), api.signUp(unique("thrb")), DynamoDbThrottlingIT.importKey());
        }
    }

    /** An import API key of a client no other test uses. */
    private record ImportKey(String token, long client) {
    }

    private static long keyId(String keyJson) {
        try {
            return Json.MAPPER.readTree(keyJson).get("id").asLong();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ImportKey importKey() throws Exception {
        long client = ThreadLocalRandom.current().nextInt(1_000_000, Integer.MAX_VALUE);
        var response = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/import-keys"))
                .header("x-admin-key", "it-admin-key").header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"clientId\": " + client + ", \"name\": \"throttling\"}")));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        JsonNode key = Json.MAPPER.readTree(response.body());
        return new ImportKey(key.get("token").asText(), client);
    }

    private static Reply postAlbum() {
        byte[] image = new byte[2_000];
        ThreadLocalRandom.current().nextBytes(image);
        return api.send("POST", "/albums", null, AlbumForms.contentType(), AlbumForms.body(image,
                "{\"artist\":\"Can\",\"title\":\"Tago Mago\",\"year\":\"1971\"}"));
    }

    private static String messageOf(Reply reply) {
        JsonNode json = reply.json();
        if (json == null) {
            return null;
        }
        // the album store's contract names it "msg"
        return json.hasNonNull("message") ? json.get("message").asText() : json.path("msg").asText(null);
    }

    private static List<String> ids(JsonNode page) {
        var ids = new ArrayList<String>();
        page.get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }
}
