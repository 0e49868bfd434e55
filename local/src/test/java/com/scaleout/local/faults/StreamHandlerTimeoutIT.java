package com.scaleout.local.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.SharedBackends;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A stream handler killed mid-batch by its timeout (issue 11): the replay converges to the state of an undisturbed
 * run. The Tweets consumers (tweet indexer, search indexer, fanout) and the import change log run with a 3 s
 * timeout, a 4 s batching window and one batch at a time, so that each run's writes reach each consumer in one
 * batch or a few, in order. The same writes are made twice, by two casts (four authors, a follower of theirs and an
 * import client each): first undisturbed, then with {@link DynamoDbStall} holding each consumer's DynamoDB call that
 * comes after its first few, until the runtime kills the invocation on its timeout. What was interrupted, for each
 * consumer:
 * <ul>
 *   <li>the tweet indexer and the search indexer after their first BatchWriteItem (they write a batch's entries
 *       together, 25 a call, and the batch's tweets need more than one call): the hashtag list and the search
 *       index hold the first tweets, not all, when the next write is held;</li>
 *   <li>the fanout after its first reads (an author's follower count, read once per batch): the follower's cached
 *       timeline (in Redis) holds some of the batch, not all, when the next author's read is held;</li>
 *   <li>the change log after its first table's append committed (read of the log's end, of the dedupe marks, the
 *       claim, the write, the commit): that table's changes are readable, the other table's are not (which table
 *       comes first follows the stream's order of the push's records, which varies).</li>
 * </ul>
 * The runtime then retries each whole batch, as Lambda does after a timeout. The replays redo what was done; the
 * final state must equal the undisturbed run's: the same timeline, search hits and hashtag list in the same order,
 * no entry twice, each change logged once at the same positions, the same row counts, and nothing set aside in an
 * on-failure record.
 */
class StreamHandlerTimeoutIT {
    private static final int TIMEOUT_SECONDS = 3;
    private static final int WINDOW_SECONDS = 4;
    /** Written in turn by four authors: the fanout reads each author's follower count once per batch. */
    private static final int AUTHORS = 4;
    /** Two tweet-index entries and three or four search postings each: more than one BatchWriteItem's 25. */
    private static final int TWEETS = 16;
    private static final int WRITES_BEFORE_KILL = 1;
    private static final int READS_BEFORE_KILL = 3;
    /** GetItem of the statistics, BatchGetItem of the dedupe marks, claim, BatchWriteItem, commit. */
    private static final int CALLS_OF_ONE_APPEND = 5;
    private static final List<String> IMPORT_TABLES = List.of("orders", "customers");
    private static final int RECORDS_PER_TABLE = 3;
    private static RuntimeFixture fixture;
    private static ApiClient api;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(StreamFaults.withConsumersOf(List.of("Tweets", "ImportRecords"),
                function -> function.timeoutSeconds(TIMEOUT_SECONDS),
                consumer -> consumer.batchingWindowSeconds(WINDOW_SECONDS).parallelizationFactor(1)));
        api = new ApiClient(fixture.runtime().url());
        // a cold stack's first sign-up and login can outlast the function timeout on a loaded 2-core machine
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                .until(() -> api.signUp("killwarm" + UUID.randomUUID().toString().substring(0, 5)) != null);
    }

    @AfterEach
    void disarm() {
        DynamoDbStall.disarmAll();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void batchesKilledMidwayConvergeOnTheirReplayToTheStateOfAnUndisturbedRun() throws Exception {
        Cast undisturbed = Cast.enter("kbu");
        List<String> undisturbedTweets = undisturbed.write();
        State expected = await().atMost(Duration.ofSeconds(40)).until(() -> undisturbed.state(undisturbedTweets),
                state -> state.isComplete(TWEETS, IMPORT_TABLES.size() * RECORDS_PER_TABLE));

        Cast disturbed = Cast.enter("kbd");
        var tweetIndexer = DynamoDbStall.arm(ScaleoutDeclaration.TWEET_INDEXER, WRITES_BEFORE_KILL,
                () -> disturbed.ids(api.get("/hashtags/" + disturbed.tag() + "/tweets")));
        var searchIndexer = DynamoDbStall.arm(ScaleoutDeclaration.SEARCH_INDEXER, WRITES_BEFORE_KILL,
                () -> disturbed.ids(api.get("/search?q=%23" + disturbed.tag)));
        var fanout = DynamoDbStall.arm(ScaleoutDeclaration.SOCIAL_FANOUT, READS_BEFORE_KILL,
                disturbed::cachedTimelineMembers);
        var changeLog = DynamoDbStall.arm(ScaleoutDeclaration.IMPORT_CHANGE_LOG, CALLS_OF_ONE_APPEND,
                disturbed::changeLogs);
        List<String> disturbedTweets = disturbed.write();

        Duration killedWithin = Duration.ofSeconds(WINDOW_SECONDS + TIMEOUT_SECONDS + 20);
        assertFirstTweetsOnly("hashtag list when the second write was held", tweetIndexer.awaitKill(killedWithin),
                disturbedTweets);
        assertFirstTweetsOnly("search hits when the second write was held", searchIndexer.awaitKill(killedWithin),
                disturbedTweets);
        assertThat(tweetIndexer.callsBeforeKill()).containsExactly("BatchWriteItem");
        assertThat(searchIndexer.callsBeforeKill()).containsExactly("BatchWriteItem");
        var timelineAtKill = (String) fanout.awaitKill(killedWithin);
        long fannedOut = disturbedTweets.stream().filter(timelineAtKill::contains).count();
        assertThat(fannedOut).as("tweets in the follower's cached timeline when the fanout was held: "
                + timelineAtKill).isBetween(1L, (long) TWEETS - 1);
        @SuppressWarnings("unchecked")
        var logsAtKill = (Map<String, List<JsonNode>>) changeLog.awaitKill(killedWithin);
        // which table the change log appends first follows the records' order in the stream, which varies (a
        // push stores its records concurrently): one table's changes are in, the other's not
        var sizesAtKill = IMPORT_TABLES.stream().map(table -> logsAtKill.get(table).size()).sorted().toList();
        assertThat(sizesAtKill).as("one table appended before the kill, the other killed at its append: "
                + logsAtKill.keySet()).containsExactly(0, RECORDS_PER_TABLE);

        await().atMost(Duration.ofSeconds(40)).untilAsserted(() ->
                assertThat(disturbed.state(disturbedTweets)).isEqualTo(expected));
        for (String consumer : List.of("Tweets-" + ScaleoutDeclaration.TWEET_INDEXER,
                "Tweets-" + ScaleoutDeclaration.SEARCH_INDEXER, "Tweets-" + ScaleoutDeclaration.SOCIAL_FANOUT,
                "ImportRecords-" + ScaleoutDeclaration.IMPORT_CHANGE_LOG)) {
            assertThat(StreamFaults.onFailureRecords(fixture.runtime(), consumer)).as(consumer).isEmpty();
        }
    }

    /** The tweets listed are the first ones written, at least one and not all (a batch cut short). */
    private static void assertFirstTweetsOnly(String what, Object listed, List<String> tweets) {
        assertThat(listed).as(what).asInstanceOf(InstanceOfAssertFactories.LIST).isNotEmpty().hasSizeLessThan(TWEETS);
        int count = ((List<?>) listed).size();
        assertThat(listed).as(what).asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyInAnyOrderElementsOf(tweets.subList(0, count));
    }

    /**
     * What the consumers made of one cast's writes, with tweets named by their place in the writes, so that two
     * runs of the same writes compare equal.
     */
    record State(List<Integer> timeline, List<Integer> hashtag, List<Integer> search,
                 Map<String, LoggedTable> changeLogs, Map<String, Long> rows) {
        boolean isComplete(int tweets, int changes) {
            // the change log too: its consumer can be behind the rows' (seen: the expected state taken with one
            // table's log still empty, which the disturbed run then never equalled)
            return timeline.size() == tweets && hashtag.size() == tweets && search.size() == tweets
                    && rows.values().stream().mapToLong(Long::longValue).sum() == changes
                    && changeLogs.values().stream().mapToInt(log -> log.positions().size()).sum() == changes;
        }
    }

    /**
     * A table's change log: its positions, and its changes by sequence. Records of different keys pushed together
     * are stored concurrently, so their order in the stream (and the log) may differ from run to run; what must not
     * differ is that each change is logged once, at positions 1, 2, 3, ... without gaps.
     */
    record LoggedTable(List<Long> positions, List<String> changesBySequence) {
        static LoggedTable of(List<JsonNode> changes) {
            return new LoggedTable(changes.stream().map(change -> change.get("position").asLong()).toList(),
                    changes.stream().sorted(Comparator.comparingLong(change -> change.get("sequence").asLong()))
                            .map(change -> change.get("sequence") + " " + change.get("key") + " " + change.get("data"))
                            .toList());
        }
    }

    /** Authors, a follower of all of them, and an import client, each run's own. */
    private record Cast(String tag, List<String> authorTokens, String followerToken, String followerId,
                        String importToken, long client) {

        /** Signs the cast up; the follows are handled by the fanout and the timeline built before anything else. */
        static Cast enter(String prefix) throws Exception {
            String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
            String follower = prefix + "f" + suffix;
            String followerToken = api.signUp(follower);
            var followsFanout = fixture.runtime().poller("Follows-" + ScaleoutDeclaration.SOCIAL_FANOUT);
            long deliveredBefore = followsFanout.recordsDelivered();
            var authorTokens = new ArrayList<String>();
            for (int a = 0; a < AUTHORS; a++) {
                String author = prefix + "a" + a + suffix;
                authorTokens.add(api.signUp(author));
                assertThat(api.put("/me/following/" + author, followerToken).status()).isEqualTo(204);
            }
            // the follow records are handled by the fanout before the writes
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> followsFanout.recordsDelivered() >= deliveredBefore + AUTHORS);
            assertThat(api.get("/timeline", followerToken).status()).isEqualTo(200);
            long client = ThreadLocalRandom.current().nextInt(1_000_000, Integer.MAX_VALUE);
            return new Cast(prefix + suffix, authorTokens, followerToken, api.get("/users/" + follower).text("id"),
                    importKey(client), client);
        }

        /** The writes of a run: tweets by the authors in turn, and one push of records of two import tables. */
        List<String> write() {
            var tweets = new ArrayList<String>();
            for (int i = 0; i < TWEETS; i++) {
                var reply = api.post("/tweets", authorTokens.get(i % AUTHORS),
                        Map.of("text", "tweet " + i + " of the batch #" + tag));
                assertThat(reply.status()).as(reply.body()).isEqualTo(201);
                tweets.add(reply.text("id"));
            }
            var records = new ArrayList<Map<String, Object>>();
            long sequence = 1;
            for (String table : IMPORT_TABLES) {
                for (int id = 1; id <= RECORDS_PER_TABLE; id++) {
                    records.add(Map.of("client_id", client, "table_name", table, "sequence", sequence++,
                            "action", "upsert", "key_names", List.of("id"),
                            "data", Map.of("id", id, "name", table + " " + id)));
                }
            }
            var push = api.post("/v2/import/push", importToken, records);
            assertThat(push.status()).as(push.body()).isEqualTo(201);
            return tweets;
        }

        State state(List<String> tweets) {
            var logs = new LinkedHashMap<String, LoggedTable>();
            changeLogs().forEach((table, changes) -> logs.put(table, LoggedTable.of(changes)));
            var rows = new LinkedHashMap<String, Long>();
            var tables = api.get("/v2/import/tables", importToken);
            assertThat(tables.status()).as(tables.body()).isEqualTo(200);
            tables.json().get("items").forEach(t -> rows.put(t.get("name").asText(), t.get("rows").asLong()));
            return new State(places(ids(api.get("/timeline", followerToken)), tweets),
                    places(ids(api.get("/hashtags/" + tag + "/tweets")), tweets),
                    places(ids(api.get("/search?q=%23" + tag)), tweets), logs, rows);
        }

        /** Each import table's change log, as the replicators read it. */
        Map<String, List<JsonNode>> changeLogs() {
            var logs = new LinkedHashMap<String, List<JsonNode>>();
            for (String table : IMPORT_TABLES) {
                var page = api.get("/v2/import/tables/" + table + "/changes?after=0", importToken);
                assertThat(page.status()).as(page.body()).isEqualTo(200);
                var changes = new ArrayList<JsonNode>();
                page.json().get("items").forEach(changes::add);
                logs.put(table, changes);
            }
            return logs;
        }

        /** The follower's timeline as the fanout left it in Redis (a read through the API could rebuild it). */
        String cachedTimelineMembers() {
            return String.join(" ", SharedBackends.redisQuietly().zrange("timeline:{" + followerId + "}", 0, -1));
        }

        List<String> ids(ApiClient.Reply page) {
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            var ids = new ArrayList<String>();
            page.json().get("items").forEach(item -> ids.add(item.get("id").asText()));
            return ids;
        }

        /** Each id's place in the writes (-1: not one of them), in the order listed. */
        private static List<Integer> places(List<String> ids, List<String> tweets) {
            return ids.stream().map(tweets::indexOf).toList();
        }

        private static String importKey(long client) throws Exception {
            var response = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/import-keys"))
                    .header("x-admin-key", "it-admin-key").header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"clientId\": " + client + ", \"name\": \"kill\"}")));
            assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
            return Json.MAPPER.readTree(response.body()).get("token").asText();
        }
    }
}
