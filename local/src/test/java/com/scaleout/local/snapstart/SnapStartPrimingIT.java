package com.scaleout.local.snapstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.application.SessionService;
import com.scaleout.functions.social.http.SessionAuthorizer;
import com.scaleout.functions.social.http.TweetsHandler;
import com.scaleout.functions.social.streams.SearchIndexHandler;
import com.scaleout.functions.social.streams.TweetIndexHandler;
import com.scaleout.local.faults.RestartableRedis;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SharedBackends;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SnapStart's hooks on the real handlers, built as Lambda builds them (no-arg constructor, configuration from the
 * environment the local runtime exports) against moto_server and a redis-server of this class's own: the
 * checkpoint hook primes without writing anything to DynamoDB or Redis and leaves no Redis connection open; the
 * restore hook opens one again; the handler then serves a real request correctly. And when Redis restarts, or is
 * down, between checkpoint and restore, the first request after the restore still works with Redis.
 */
class SnapStartPrimingIT {
    @AutoClose
    private static RestartableRedis redis;
    @AutoClose
    private static RuntimeFixture fixture;
    private static String aliceToken;
    private static String aliceId;
    private static String tweetId;

    @BeforeAll
    static void start() throws Exception {
        redis = RestartableRedis.start(Files.createDirectories(SharedBackends.dataDir().resolve("snapstart")));
        fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration(), redis.url());
        var api = new ApiClient(fixture.runtime().url());
        aliceToken = api.signUp("alice");
        aliceId = api.get("/me", aliceToken).text("id");
        tweetId = api.post("/tweets", aliceToken, Map.of("text", "before the snapshot #snapstart")).text("id");
    }

    /**
     * The stream consumers have caught up with the set-up's writes: nothing changes underneath the comparisons.
     * Each poller must have found its stream worked off after those writes (a state unchanged for a second is not
     * enough on a busy machine: the consumers' cold starts took longer, and the fanout wrote after the snapshot).
     */
    @BeforeEach
    void quiet() {
        var written = Instant.now();
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200)).until(() -> fixture.runtime()
                .pollers().stream().allMatch(poller -> poller.drainedSince().map(written::isBefore).orElse(false)));
    }

    @Test
    void anHttpFunctionPrimesWithoutWritingAndServesAfterTheRestore() throws Exception {
        var handler = new TweetsHandler();

        checkpointWritesNothingAndClosesRedis(handler);
        restoreReconnects(handler);

        var response = handler.handleRequest(PrimingRequests.http("GET /tweets/{id}", Map.of("id", tweetId)), null);
        assertThat(response.getStatusCode()).isEqualTo(200);
        var tweet = Json.MAPPER.readTree(response.getBody());
        assertThat(tweet.get("text").asText()).isEqualTo("before the snapshot #snapstart");
        assertThat(tweet.get("author").get("username").asText()).isEqualTo("alice");
    }

    @Test
    void theAuthorizerPrimesWithoutWritingAndAllowsARealSessionWithoutANewConnection() throws Exception {
        var authorizer = new SessionAuthorizer();

        checkpointWritesNothingAndClosesRedis(authorizer);
        restoreReconnects(authorizer);
        Set<Long> afterRestore = functionConnections();

        var allowed = authorizer.handleRequest(PrimingRequests.authorizer(aliceToken), null);
        assertThat(allowed.getIsAuthorized()).isTrue();
        assertThat(allowed.getContext()).containsEntry("userId", aliceId).containsEntry("username", "alice");
        assertThat(functionConnections()).as("the request used the connection the restore opened")
                .isEqualTo(afterRestore);
    }

    @Test
    void aStreamConsumerPrimesWithoutWritingAndIndexesARecordAfterTheRestore() throws Exception {
        var handler = new TweetIndexHandler();

        checkpointWritesNothingAndClosesRedis(handler);
        var before = functionConnections();
        handler.priming().afterRestore(null);
        assertThat(functionConnections()).as("TweetIndexer has no cache (it runs outside the VPC): the restore "
                + "opens no connection").isEqualTo(before);

        String newTweet = "01K0SNAPSTART0000000000001";
        var response = handler.handleRequest(insertOf(newTweet, "after the restore #restored"), null);
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(items("TweetIndex")).anySatisfy(item -> assertThat(item)
                .contains("tweetId=AttributeValue(S=" + newTweet + ")").contains("restored"));
    }

    @Test
    void aStreamConsumerWithTheCacheClosesItAtTheCheckpointAndReconnectsAtTheRestore() {
        var handler = new SearchIndexHandler();

        checkpointWritesNothingAndClosesRedis(handler);
        restoreReconnects(handler);
    }

    @Test
    void redisRestartedBetweenCheckpointAndRestoreIsUsedByTheFirstRequest() throws Exception {
        var authorizer = new SessionAuthorizer();
        authorizer.priming().beforeCheckpoint(null);

        redis.kill();
        redis.restart(); // empty, on the same port: no session cached any more
        authorizer.priming().afterRestore(null);

        assertThat(authorizer.handleRequest(PrimingRequests.authorizer(aliceToken), null).getIsAuthorized()).isTrue();
        assertThat(sessionCached()).as("the session cached again, in the new server").isTrue();
    }

    @Test
    void redisDownAtTheRestoreIsToleratedAndTheFirstRequestAfterItComesBackUsesIt() throws Exception {
        var authorizer = new SessionAuthorizer();
        authorizer.priming().beforeCheckpoint(null);

        redis.kill();
        assertThatCode(() -> authorizer.priming().afterRestore(null)).doesNotThrowAnyException();
        redis.restart();

        assertThat(authorizer.handleRequest(PrimingRequests.authorizer(aliceToken), null).getIsAuthorized()).isTrue();
        assertThat(sessionCached()).as("the session cached in the server that came back").isTrue();
    }

    private static boolean sessionCached() {
        long found = redis.inspect(c -> c.exists("session:" + SessionService.sessionId(aliceToken)));
        return found == 1;
    }

    private static void checkpointWritesNothingAndClosesRedis(Primed handler) {
        var before = state();
        var connectionsBefore = functionConnections();

        handler.priming().beforeCheckpoint(null);

        assertThat(state()).as("DynamoDB items and Redis keys after the checkpoint hook").isEqualTo(before);
        assertThat(functionConnections()).as("Redis connections after the checkpoint hook")
                .isSubsetOf(connectionsBefore);
    }

    private static void restoreReconnects(Primed handler) {
        var before = functionConnections();

        handler.priming().afterRestore(null);

        assertThat(functionConnections()).as("a connection opened by the restore hook").hasSize(before.size() + 1)
                .containsAll(before);
    }

    /** Every item of every table and every Redis key with its serialized value. */
    private static Map<String, Object> state() {
        var state = new TreeMap<String, Object>();
        for (TableSpec table : ScaleoutDeclaration.declaration().tables()) {
            state.put("table " + table.name(), items(table.name()));
        }
        state.put("redis", redis.inspect(c -> c.keys("*").stream().sorted().collect(Collectors.toMap(
                key -> key, key -> Base64.getEncoder().encodeToString(c.dump(key)), (a, b) -> a, TreeMap::new))));
        return state;
    }

    private static List<String> items(String table) {
        return fixture.runtime().dynamoDb().scanPaginator(r -> r.tableName(table)).items().stream()
                .map(item -> new TreeMap<>(item).toString()).sorted().toList();
    }

    /** The ids of the Redis connections open now, but for the one asking. */
    private static Set<Long> functionConnections() {
        String list = redis.inspect(c -> c.clientList());
        return Arrays.stream(list.split("\n")).filter(line -> line.startsWith("id=") && !line.contains("cmd=client|list"))
                .map(line -> Long.parseLong(line.substring(3, line.indexOf(' '))))
                .collect(Collectors.toSet());
    }

    /** The Tweets stream's record of a new tweet by alice, as the event source mapping delivers it. */
    private static DynamodbEvent insertOf(String id, String text) {
        Map<String, AttributeValue> image = Map.of(
                "id", new AttributeValue().withS(id),
                "authorId", new AttributeValue().withS(aliceId),
                "authorUsername", new AttributeValue().withS("alice"),
                "text", new AttributeValue().withS(text),
                "createdAt", new AttributeValue().withS("2026-11-30T00:00:00.000Z"),
                "hashtags", new AttributeValue().withL(List.of(new AttributeValue().withS("restored"))),
                "mentionIds", new AttributeValue().withL(List.of()),
                "mentionUsernames", new AttributeValue().withL(List.of()),
                "replies", new AttributeValue().withN("0"),
                "retweets", new AttributeValue().withN("0"));
        return PrimingRequests.stream("Tweets", "INSERT", image, null);
    }
}
