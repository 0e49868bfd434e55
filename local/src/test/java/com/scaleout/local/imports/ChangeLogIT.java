package com.scaleout.local.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.streams.StreamRecordMapper;
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
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The import hand-off through the local runtime: pushes land in ImportRecords, its stream feeds the change log, and
 * the two read routes show it. Each test has its own client id, so tests do not see each other's tables.
 */
class ChangeLogIT extends ProductionApiIT {
    private static final Duration LOGGED = Duration.ofSeconds(20);
    private static final String RECORDS_STREAM_ARN =
            "arn:aws:dynamodb:us-east-1:000000000000:table/ImportRecords/stream/it";

    private static long newClientId() {
        return ThreadLocalRandom.current().nextLong(1, 1_000_000_000_000L);
    }

    /** A new import key for the client, through the admin route; its token. */
    private static String tokenFor(long clientId) throws Exception {
        var response = fixture.send(HttpRequest.newBuilder(fixture.uri("/admin/import-keys"))
                .header("content-type", "application/json").header("x-admin-key", "it-admin-key")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("clientId", clientId,
                        "name", "change log it")))));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return Json.MAPPER.readTree(response.body()).get("token").asText();
    }

    private static String record(long clientId, String table, long sequence, String dataJson) {
        return "{\"client_id\":" + clientId + ",\"table_name\":\"" + table + "\",\"sequence\":" + sequence
                + ",\"action\":\"upsert\",\"key_names\":[\"id\"],\"data\":" + dataJson + "}";
    }

    private static void push(String token, List<String> records) {
        var reply = api.post("/v2/import/push", token, "[" + String.join(",", records) + "]");
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
    }

    private static JsonNode tables(String token, String query) {
        var reply = api.get("/v2/import/tables" + query, token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json();
    }

    /** The table's statistics as listed, or null before its first change is logged. */
    private static JsonNode table(String token, String name) {
        for (JsonNode table : tables(token, "").get("items")) {
            if (table.get("name").asText().equals(name)) {
                return table;
            }
        }
        return null;
    }

    private static void awaitLastPosition(String token, String table, long position) {
        await().atMost(LOGGED).until(() -> {
            JsonNode stats = table(token, table);
            return stats != null && stats.get("lastPosition").asLong() >= position;
        });
        assertThat(table(token, table).get("lastPosition").asLong()).isEqualTo(position);
    }

    private static JsonNode changesPage(String token, String table, String query) {
        var reply = api.get("/v2/import/tables/" + table + "/changes" + query, token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return reply.json();
    }

    /** Every change, as a replicator reads them: page by page, following next. */
    private static List<JsonNode> allChanges(String token, String table, int limit) {
        var changes = new ArrayList<JsonNode>();
        String after = "0";
        while (after != null) {
            JsonNode page = changesPage(token, table, "?limit=" + limit + "&after=" + after);
            page.get("items").forEach(changes::add);
            after = page.get("next").isNull() ? null : page.get("next").asText();
        }
        return changes;
    }

    private static List<Long> positions(List<JsonNode> changes) {
        return changes.stream().map(change -> change.get("position").asLong()).toList();
    }

    private static List<Long> oneTo(long n) {
        return LongStream.rangeClosed(1, n).boxed().toList();
    }

    @Test
    void pushedRecordsGetGapFreePositionsAndAReplayedPushAddsNothing() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);
        var records = IntStream.range(0, 12)
                .mapToObj(i -> record(client, "orders", 1, "{\"id\":" + i + ",\"name\":\"n" + i + "\"}")).toList();

        push(token, records);
        awaitLastPosition(token, "orders", 12);
        push(token, records);
        push(token, List.of(record(client, "orders", 1, "{\"id\":99,\"name\":\"after the replay\"}")));
        awaitLastPosition(token, "orders", 13);

        List<JsonNode> changes = allChanges(token, "orders", 100);
        assertThat(positions(changes)).isEqualTo(oneTo(13));
        assertThat(changes.subList(0, 12)).extracting(change -> change.get("key").get("id").asInt())
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 12).boxed().toList());
        assertThat(changes.get(12).get("data").get("name").asText()).isEqualTo("after the replay");
        assertThat(table(token, "orders").get("rows").asLong()).isEqualTo(13);
    }

    @Test
    void anOlderSequenceIsNotAChangeAndTheNewestWins() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);

        push(token, List.of(record(client, "accounts", 5, "{\"id\":1,\"v\":5}")));
        push(token, List.of(record(client, "accounts", 3, "{\"id\":1,\"v\":3}")));
        push(token, List.of(record(client, "accounts", 10, "{\"id\":1,\"v\":10}"),
                record(client, "accounts", 9, "{\"id\":1,\"v\":9}")));
        awaitLastPosition(token, "accounts", 2);

        List<JsonNode> changes = allChanges(token, "accounts", 100);
        assertThat(changes).extracting(change -> change.get("sequence").asLong()).containsExactly(5L, 10L);
        assertThat(changes.getLast().get("data").get("v").asInt()).isEqualTo(10);
        JsonNode stats = table(token, "accounts");
        assertThat(stats.get("rows").asLong()).isEqualTo(1);
        assertThat(stats.get("lastSequence").asLong()).isEqualTo(10);
    }

    @Test
    void tablesShowRowsColumnTypesAndLastSequenceAndKeepDecimalsAsSent() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);

        push(token, List.of(
                record(client, "orders", 1, "{\"id\":1,\"total\":12.50,\"note\":\"gift\"}"),
                record(client, "orders", 2, "{\"id\":2,\"total\":7,\"note\":null}")));
        push(token, List.of(record(client, "orders", 8, "{\"id\":1,\"total\":13.00,\"note\":\"gift\"}")));
        // an append-only table (batch with no key names): every record is a row of its own
        var batch = api.post("/v2/import/batch", token, "{\"table_name\":\"clicks\",\"key_names\":[],"
                + "\"schema\":{\"properties\":{\"page\":{\"type\":\"string\"}}},\"messages\":["
                + "{\"action\":\"upsert\",\"sequence\":1,\"data\":{\"page\":\"/\"}},"
                + "{\"action\":\"upsert\",\"sequence\":2,\"data\":{\"page\":\"/\"}}]}");
        assertThat(batch.status()).as(batch.body()).isEqualTo(201);
        awaitLastPosition(token, "orders", 3);
        awaitLastPosition(token, "clicks", 2);

        JsonNode listed = tables(token, "");
        assertThat(listed.get("items")).extracting(table -> table.get("name").asText())
                .containsExactly("clicks", "orders");
        JsonNode orders = listed.get("items").get(1);
        assertThat(orders.get("rows").asLong()).isEqualTo(2);
        assertThat(orders.get("lastSequence").asLong()).isEqualTo(8);
        assertThat(orders.get("columns")).isEqualTo(Json.MAPPER.readTree(
                "{\"id\":\"integer\",\"note\":\"null|string\",\"total\":\"integer|number\"}"));
        assertThat(orders.get("columnsTruncated").asBoolean()).isFalse();
        assertThat(listed.get("items").get(0).get("rows").asLong()).isEqualTo(2); // append-only: every record

        JsonNode first = tables(token, "?limit=1");
        assertThat(first.get("items")).extracting(table -> table.get("name").asText()).containsExactly("clicks");
        JsonNode second = tables(token, "?limit=1&cursor=" + first.get("next").asText());
        assertThat(second.get("items")).extracting(table -> table.get("name").asText()).containsExactly("orders");
        assertThat(second.get("next").isNull()).isTrue();

        String body = api.get("/v2/import/tables/orders/changes", token).body();
        assertThat(body).contains("\"total\":12.50").contains("\"total\":13.00");
        assertThat(tokenlessStatus("/v2/import/tables")).isEqualTo(401);
        assertThat(api.get("/v2/import/tables/orders/changes?after=-1", token).status()).isEqualTo(400);
        assertThat(changesPage(token, "never-pushed", "").get("items")).isEmpty();
    }

    private static int tokenlessStatus(String path) {
        return api.get(path).status();
    }

    @Test
    void aReplicatorPagingWhilePushesGoOnSeesEveryChangeExactlyOnce() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);
        int pushes = 8;
        int perPush = 6;
        long expected = (long) pushes * perPush;

        List<JsonNode> seen = new ArrayList<>();
        try (var pusher = Executors.newSingleThreadExecutor()) {
            Future<?> pushing = pusher.submit(() -> {
                for (int p = 0; p < pushes; p++) {
                    int batch = p;
                    // each push updates half of the previous push's keys and adds new ones
                    push(token, IntStream.range(0, perPush).mapToObj(i -> {
                        int key = batch * perPush / 2 + i;
                        return record(client, "events", batch + 1, "{\"id\":" + key + ",\"push\":" + batch + "}");
                    }).toList());
                }
            });
            long after = 0;
            long deadline = System.nanoTime() + LOGGED.toNanos();
            while (after < expected && System.nanoTime() < deadline) {
                JsonNode page = changesPage(token, "events", "?limit=7&after=" + after);
                page.get("items").forEach(seen::add);
                if (!seen.isEmpty()) {
                    after = seen.getLast().get("position").asLong();
                }
                if (page.get("next").isNull()) {
                    Thread.sleep(50);
                }
            }
            pushing.get();
        }

        assertThat(positions(seen)).isEqualTo(oneTo(expected));
        assertThat(positions(allChanges(token, "events", 1000))).isEqualTo(oneTo(expected));
        var latest = new HashMap<Integer, Integer>();
        seen.forEach(change -> latest.put(change.get("key").get("id").asInt(), change.get("data").get("push").asInt()));
        assertThat(table(token, "events").get("rows").asLong()).isEqualTo(latest.size());
        assertThat(latest.get(0)).isEqualTo(0);
        assertThat(latest.get((pushes - 1) * perPush / 2 + perPush - 1)).isEqualTo(pushes - 1);
    }

    @Test
    void aStreamBatchDeliveredAgainChangesNeitherTheLogNorTheStatistics() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);
        push(token, IntStream.range(0, 8)
                .mapToObj(i -> record(client, "items", 1, "{\"id\":" + i + "}")).toList());
        awaitLastPosition(token, "items", 8);
        List<JsonNode> before = allChanges(token, "items", 100);
        JsonNode statsBefore = table(token, "items");

        // what the stream delivered, delivered again: each stored record as the INSERT that created it
        var items = fixture.runtime().dynamoDb().scanPaginator(scan -> scan.tableName("ImportRecords")
                        .filterExpression("clientId = :client")
                        .expressionAttributeValues(Map.of(":client", AttributeValue.fromN(Long.toString(client)))))
                .items().stream().toList();
        assertThat(items).hasSize(8);
        var response = invokeChangeLog(items.stream().map(item -> insertRecord(item)).toList());

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(allChanges(token, "items", 100)).isEqualTo(before);
        assertThat(table(token, "items")).isEqualTo(statsBefore);
    }

    @Test
    void concurrentWritersToOneLogLeaveNoGapsAndLoseNothing() throws Exception {
        long client = newClientId();
        String token = tokenFor(client);
        int writers = 3;
        int batches = 3;
        int perBatch = 5;

        var calls = new ArrayList<Callable<Void>>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            calls.add(() -> {
                for (int b = 0; b < batches; b++) {
                    var batch = new ArrayList<Record>();
                    for (int i = 0; i < perBatch; i++) {
                        String id = "w" + writer + "-b" + b + "-" + i;
                        batch.add(insertRecord(syntheticItem(client, "race", id, b + 1)));
                    }
                    deliverLikeLambda(batch);
                }
                return null;
            });
        }
        try (var pool = Executors.newFixedThreadPool(writers)) {
            for (Future<Void> done : pool.invokeAll(calls)) {
                done.get();
            }
        }

        long total = (long) writers * batches * perBatch;
        List<JsonNode> changes = allChanges(token, "race", 1000);
        assertThat(positions(changes)).isEqualTo(oneTo(total));
        assertThat(changes).extracting(change -> change.get("key").get("id").asText()).doesNotHaveDuplicates();
        assertThat(table(token, "race").get("rows").asLong()).isEqualTo(total);
    }

    /** Lambda's retry of a batch with a reported failure: again from the failed record, until none fails. */
    private static void deliverLikeLambda(List<Record> batch) throws Exception {
        List<Record> remaining = batch;
        for (int attempt = 0; !remaining.isEmpty(); attempt++) {
            assertThat(attempt).as("deliveries of one batch").isLessThan(20);
            var failures = invokeChangeLog(remaining).getBatchItemFailures();
            if (failures.isEmpty()) {
                return;
            }
            String failed = failures.getFirst().getItemIdentifier();
            int from = 0;
            while (!remaining.get(from).dynamodb().sequenceNumber().equals(failed)) {
                from++;
            }
            remaining = remaining.subList(from, remaining.size());
        }
    }

    private static StreamsEventResponse invokeChangeLog(List<Record> records) throws Exception {
        DynamodbEvent event = StreamRecordMapper.event(records, RECORDS_STREAM_ARN);
        return (StreamsEventResponse) fixture.runtime().function(ScaleoutDeclaration.IMPORT_CHANGE_LOG).invoke(event);
    }

    private static Map<String, AttributeValue> syntheticItem(long client, String table, String id, long sequence) {
        var item = new LinkedHashMap<String, AttributeValue>();
        item.put("recordId", AttributeValue.fromS("it-" + client + "-" + id));
        item.put("clientId", AttributeValue.fromN(Long.toString(client)));
        item.put("tableName", AttributeValue.fromS(table));
        item.put("sequence", AttributeValue.fromN(Long.toString(sequence)));
        item.put("keyJson", AttributeValue.fromS("{\"id\":\"" + id + "\"}"));
        item.put("dataJson", AttributeValue.fromS("{\"id\":\"" + id + "\"}"));
        return item;
    }

    private static Record insertRecord(Map<String, AttributeValue> item) {
        String sequenceNumber = Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE));
        return Record.builder().eventID(sequenceNumber).eventName(OperationType.INSERT)
                .eventVersion("1.1").eventSource("aws:dynamodb").awsRegion("us-east-1")
                .dynamodb(StreamRecord.builder().keys(Map.of("recordId", item.get("recordId"))).newImage(item)
                        .sequenceNumber(sequenceNumber).streamViewType(StreamViewType.NEW_IMAGE).build())
                .build();
    }
}
