package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.TestDeclaration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Pins down the stream behaviour of moto_server (as the runtime runs it, with the patch layer) that {@link StreamPoller}
 * is built around, read directly with the Streams API. If a change of moto or of the patches changes it, this says
 * so before the poller's workarounds turn into surprises.
 */
class MotoStreamQuirksIT {
    private static RuntimeFixture fixture;
    private static DynamoDbClient dynamoDb;
    private static DynamoDbStreamsClient streams;

    @BeforeAll
    static void start() throws Exception {
        // no consumer reads these tables' streams concurrently with the test: a declaration without consumers
        var declaration = com.scaleout.declaration.Declaration.builder()
                .table(TestDeclaration.declaration().table(TestDeclaration.ITEMS)).build();
        fixture = RuntimeFixture.start(declaration);
        dynamoDb = fixture.runtime().dynamoDb();
        streams = AwsClients.streams();
    }

    @AfterAll
    static void stop() {
        streams.close();
        fixture.close();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", AttributeValue.fromS(pk));
    }

    private static String iterator(ShardIteratorType type) {
        String arn = dynamoDb.describeTable(r -> r.tableName(TestDeclaration.ITEMS)).table().latestStreamArn();
        String shard = streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards().getFirst()
                .shardId();
        return streams.getShardIterator(r -> r.streamArn(arn).shardId(shard).shardIteratorType(type))
                .shardIterator();
    }

    private static List<Record> read(String iterator) {
        return streams.getRecords(r -> r.shardIterator(iterator).limit(1000)).records();
    }

    private static List<String> keysOf(List<Record> records) {
        return records.stream().map(r -> r.dynamodb().keys().get("pk").s()).toList();
    }

    @Test
    void aCancelledTransactionLeavesNoRecordAndOpenIteratorsReadOn() {
        // moto as released restored a copy of the table: open iterators went on reading the discarded copy, and its
        // records were visible while it ran; the patch layer's undo log keeps the table and drops the records
        String openBefore = iterator(ShardIteratorType.LATEST);
        dynamoDb.putItem(r -> r.tableName(TestDeclaration.ITEMS).item(key("q-first")));
        assertThat(keysOf(read(openBefore))).containsExactly("q-first");

        assertThatThrownBy(() -> dynamoDb.transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TestDeclaration.ITEMS).item(key("q-rolled-back")))
                        .build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TestDeclaration.ITEMS)
                        .key(key("q-missing")).conditionExpression("attribute_exists(pk)")).build())))
                .isInstanceOf(TransactionCanceledException.class);
        assertThat(keysOf(read(openBefore))).containsExactly("q-first");
        dynamoDb.putItem(r -> r.tableName(TestDeclaration.ITEMS).item(key("q-later")));

        assertThat(keysOf(read(iterator(ShardIteratorType.TRIM_HORIZON))))
                .filteredOn(k -> List.of("q-first", "q-rolled-back", "q-later").contains(k))
                .containsExactly("q-first", "q-later");
        assertThat(keysOf(read(openBefore))).containsExactly("q-first", "q-later");
    }

    @Test
    void anUpdateThatCreatesAnItemEmitsAKeysOnlyInsertFirst() {
        String start = iterator(ShardIteratorType.LATEST);
        dynamoDb.updateItem(r -> r.tableName(TestDeclaration.ITEMS).key(key("q-updated"))
                .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", AttributeValue.fromN("1"))));

        List<Record> records = read(start);

        assertThat(records).hasSize(2);
        assertThat(records.get(0).dynamodb().newImage()).isEqualTo(key("q-updated"));
        assertThat(records.get(1).dynamodb().newImage()).containsKey("v");
        assertThat(records).allSatisfy(r -> assertThat(r.eventNameAsString()).isEqualTo("INSERT"));
    }
}
