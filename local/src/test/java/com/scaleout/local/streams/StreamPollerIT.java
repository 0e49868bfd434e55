package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.RecordingStreamHandler;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.TestDeclaration;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The event source mapping emulation against moto_server's real DynamoDB Streams API. */
class StreamPollerIT {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static RuntimeFixture fixture;
    private static DynamoDbClient dynamoDb;
    private String prefix;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(TestDeclaration.declaration());
        dynamoDb = fixture.runtime().dynamoDb();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void clear() {
        RecordingStreamHandler.reset();
        prefix = UUID.randomUUID().toString().substring(0, 8) + "-";
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(int value) {
        return AttributeValue.fromN(String.valueOf(value));
    }

    private void put(String table, String key, Map<String, AttributeValue> attributes) {
        var item = new java.util.HashMap<>(attributes);
        item.put("pk", s(prefix + key));
        dynamoDb.putItem(r -> r.tableName(table).item(item));
    }

    private List<DynamodbEvent.DynamodbStreamRecord> deliveredFor(String key) {
        return RecordingStreamHandler.delivered().stream()
                .filter(r -> r.getDynamodb().getKeys().get("pk").getS().equals(prefix + key)).toList();
    }

    @Test
    void insertModifyAndRemoveArriveInOrderWithOldAndNewImages() {
        put(TestDeclaration.ITEMS, "a", Map.of("v", n(1)));
        dynamoDb.updateItem(r -> r.tableName(TestDeclaration.ITEMS).key(Map.of("pk", s(prefix + "a")))
                .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", n(2))));
        dynamoDb.deleteItem(r -> r.tableName(TestDeclaration.ITEMS).key(Map.of("pk", s(prefix + "a"))));

        await().atMost(WAIT).until(() -> deliveredFor("a").size() == 3);
        var records = deliveredFor("a");

        assertThat(records).extracting(DynamodbEvent.DynamodbStreamRecord::getEventName)
                .containsExactly("INSERT", "MODIFY", "REMOVE");
        assertThat(records.get(0).getDynamodb().getNewImage().get("v").getN()).isEqualTo("1");
        assertThat(records.get(0).getDynamodb().getOldImage()).isNull();
        assertThat(records.get(1).getDynamodb().getOldImage().get("v").getN()).isEqualTo("1");
        assertThat(records.get(1).getDynamodb().getNewImage().get("v").getN()).isEqualTo("2");
        assertThat(records.get(2).getDynamodb().getOldImage().get("v").getN()).isEqualTo("2");
        assertThat(records.get(2).getDynamodb().getNewImage()).isNull();
        assertThat(records).allSatisfy(r -> {
            assertThat(r.getEventSourceARN()).contains(TestDeclaration.ITEMS).contains("/stream/");
            assertThat(r.getDynamodb().getStreamViewType()).isEqualTo("NEW_AND_OLD_IMAGES");
            assertThat(r.getDynamodb().getApproximateCreationDateTime()).isNotNull();
        });
    }

    @Test
    void anUpdateThatCreatesAnItemIsOneInsertAndAnIdenticalRewriteIsNoRecord() {
        dynamoDb.updateItem(r -> r.tableName(TestDeclaration.ITEMS).key(Map.of("pk", s(prefix + "u")))
                .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", n(7))));
        put(TestDeclaration.ITEMS, "u", Map.of("v", n(7)));          // identical: DynamoDB emits nothing
        put(TestDeclaration.ITEMS, "u", Map.of("v", n(8)));          // a real change

        await().atMost(WAIT).until(() -> deliveredFor("u").size() >= 2);
        // give a spurious third record time to show up
        await().pollDelay(Duration.ofMillis(800)).until(() -> true);

        var records = deliveredFor("u");
        assertThat(records).extracting(DynamodbEvent.DynamodbStreamRecord::getEventName)
                .containsExactly("INSERT", "MODIFY");
        assertThat(records.get(0).getDynamodb().getNewImage().get("v").getN()).isEqualTo("7");
        assertThat(records.get(1).getDynamodb().getNewImage().get("v").getN()).isEqualTo("8");
    }

    @Test
    void aPartialFailureRetriesFromTheFailedRecordOnly() {
        // The batching window (1 s) gathers the three writes into one batch.
        put(TestDeclaration.BATCHED, "p1", Map.of());
        put(TestDeclaration.BATCHED, "p2", Map.of("failTimes", n(1)));
        put(TestDeclaration.BATCHED, "p3", Map.of());

        await().atMost(WAIT).until(() -> deliveredFor("p3").size() == 2);

        var batches = RecordingStreamHandler.BATCHES.stream()
                .filter(b -> b.getFirst().getDynamodb().getKeys().get("pk").getS().startsWith(prefix))
                .map(b -> b.stream().map(r -> r.getDynamodb().getKeys().get("pk").getS().substring(prefix.length()))
                        .toList())
                .toList();
        assertThat(batches).containsExactly(List.of("p1", "p2", "p3"), List.of("p2", "p3"));
    }

    @Test
    void aBatchStillFailingAfterTheRetryLimitGoesToTheOnFailureRecordAndTheShardMovesOn() throws Exception {
        var poller = fixture.runtime().poller("Items-Recorder");
        long sentBefore = poller.batchesSentToOnFailure();
        put(TestDeclaration.ITEMS, "poison", Map.of("failTimes", s("always")));

        await().atMost(WAIT).until(() -> poller.batchesSentToOnFailure() == sentBefore + 1);
        put(TestDeclaration.ITEMS, "after", Map.of());
        await().atMost(WAIT).until(() -> deliveredFor("after").size() == 1);

        // first attempt + 2 retries, as declared, then never again
        assertThat(deliveredFor("poison")).hasSize(3);
        var file = fixture.runtime().onFailure().fileFor("Items-Recorder");
        List<JsonNode> lines = Files.readAllLines(file).stream().map(StreamPollerIT::parse).toList();
        assertThat(lines).anySatisfy(line -> {
            assertThat(line.get("requestContext").get("condition").asText()).isEqualTo("RetryAttemptsExhausted");
            assertThat(line.get("requestContext").get("approximateInvokeCount").asInt()).isEqualTo(3);
            assertThat(line.get("DDBStreamBatchInfo").get("batchSize").asInt()).isEqualTo(1);
            assertThat(line.get("records").get(0).get("keys").get("pk").asText()).isEqualTo(prefix + "poison");
        });
    }

    @Test
    void writesOfACancelledTransactionAreNeverDeliveredAndLaterWritesAreNotMissed() {
        put(TestDeclaration.ITEMS, "before", Map.of());
        await().atMost(WAIT).until(() -> deliveredFor("before").size() == 1);

        // moto applies the Put, then fails the condition and undoes it (the patch layer: the Put's record is dropped)
        var cancelled = List.of(
                TransactWriteItem.builder().put(p -> p.tableName(TestDeclaration.ITEMS)
                        .item(Map.of("pk", s(prefix + "rolled-back")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TestDeclaration.ITEMS)
                        .key(Map.of("pk", s(prefix + "missing"))).conditionExpression("attribute_exists(pk)"))
                        .build());
        try {
            dynamoDb.transactWriteItems(r -> r.transactItems(cancelled));
            throw new AssertionError("the transaction should have been cancelled");
        } catch (TransactionCanceledException expected) {
            // as intended
        }
        // these reuse the rolled-back record's sequence number
        put(TestDeclaration.ITEMS, "after-1", Map.of());
        put(TestDeclaration.ITEMS, "after-2", Map.of());

        await().atMost(WAIT).until(() -> deliveredFor("after-2").size() == 1);
        assertThat(deliveredFor("after-1")).hasSize(1);
        assertThat(deliveredFor("rolled-back")).isEmpty();
        assertThat(dynamoDb.getItem(r -> r.tableName(TestDeclaration.ITEMS)
                .key(Map.of("pk", s(prefix + "rolled-back")))).hasItem()).isFalse();
    }

    @Test
    void aBacklogWrittenFasterThanItIsReadDrainsOnceInReadsThatGrow() {
        var poller = fixture.runtime().poller("Items-Recorder");
        assertThat(poller.readMode()).as("the runtime's own patched moto").isEqualTo(StreamPoller.ReadMode.SINGLE);
        int backlog = 3_000;
        var requests = new java.util.ArrayList<software.amazon.awssdk.services.dynamodb.model.WriteRequest>();
        for (int i = 0; i < backlog; i++) {
            var item = Map.of("pk", s(prefix + "backlog-" + i));
            requests.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                    .putRequest(p -> p.item(item)).build());
            if (requests.size() == 25) {
                var batch = List.copyOf(requests);
                dynamoDb.batchWriteItem(r -> r.requestItems(Map.of(TestDeclaration.ITEMS, batch)));
                requests.clear();
            }
        }

        await().atMost(Duration.ofMinutes(3)).until(() -> RecordingStreamHandler.delivered().stream()
                .filter(r -> r.getDynamodb().getKeys().get("pk").getS().startsWith(prefix + "backlog-")).count()
                >= backlog);

        assertThat(RecordingStreamHandler.delivered()).extracting(r -> r.getDynamodb().getKeys().get("pk").getS())
                .filteredOn(k -> k.startsWith(prefix + "backlog-")).doesNotHaveDuplicates().hasSize(backlog);
        assertThat(poller.largestRead()).as("full, fast reads ask for more").isGreaterThan(ReadSize.INITIAL);
        assertThat(poller.resyncs()).isZero();
        int batchSize = TestDeclaration.declaration().streamConsumers().stream()
                .filter(c -> c.id().equals("Items-Recorder")).findFirst().orElseThrow().batchSize();
        assertThat(RecordingStreamHandler.BATCHES).as("no invocation above the declared batch size")
                .allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(batchSize));
    }

    private static JsonNode parse(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }
}
