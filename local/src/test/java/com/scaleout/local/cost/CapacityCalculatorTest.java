package com.scaleout.local.cost;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.TableSpec;
import com.scaleout.declaration.TableSpec.IndexSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Capacity units of whole calls, against items held in memory (the side reads a real meter makes on DynamoDB). */
class CapacityCalculatorTest {
    private static final TableSpec TWEETS = TableSpec.of("Tweets", TableSpec.KeyAttribute.string("id"))
            .globalIndex(IndexSpec.of("ByAuthor", TableSpec.KeyAttribute.string("authorId"),
                    TableSpec.KeyAttribute.string("id")));
    private static final TableSpec USERS = TableSpec.of("Users", TableSpec.KeyAttribute.string("id"));

    private final Items items = new Items();
    private final CapacityCalculator calculator = new CapacityCalculator(new TableKeys(List.of(TWEETS, USERS)),
            items);

    @Test
    void aNewItemCostsItsSizeAndOneWritePerIndexWhoseKeysItCarries() {
        var tweet = tweet("t1", "a1", 1500); // about 1.5 KB: 2 units, in the table and in ByAuthor
        var put = PutItemRequest.builder().tableName("Tweets").item(tweet).build();

        var touched = calculator.before(put);
        items.put("Tweets", tweet);
        var units = calculator.succeeded(put, PutItemResponse.builder().build(), touched);

        assertThat(units.write()).isEqualTo(2 + 2);
        assertThat(units.read()).isZero();
    }

    @Test
    void anItemWithoutTheIndexKeysWritesNoIndexEntry() {
        var user = Map.of("id", s("u1"), "name", s("ada"));
        var put = PutItemRequest.builder().tableName("Users").item(user).build();

        var units = calculator.succeeded(put, PutItemResponse.builder().build(), calculator.before(put));

        assertThat(units.write()).isEqualTo(1);
    }

    @Test
    void anUpdateCostsTheLargerOfTheItemBeforeAndAfter() {
        items.put("Users", Map.of("id", s("u1"), "bio", s("x".repeat(2500))));
        var update = UpdateItemRequest.builder().tableName("Users").key(Map.of("id", s("u1")))
                .updateExpression("SET bio = :b").build();

        var touched = calculator.before(update);
        items.put("Users", Map.of("id", s("u1"), "bio", s("short")));
        var units = calculator.succeeded(update, UpdateItemResponse.builder().build(), touched);

        assertThat(units.write()).isEqualTo(3); // 2.5 KB before, a few bytes after
    }

    @Test
    void aDeleteCostsTheItemItRemovedAndItsIndexEntries() {
        var tweet = tweet("t1", "a1", 100);
        items.put("Tweets", tweet);
        var delete = DeleteItemRequest.builder().tableName("Tweets").key(Map.of("id", s("t1"))).build();

        var touched = calculator.before(delete);
        items.remove("Tweets", Map.of("id", s("t1")));
        var units = calculator.succeeded(delete, DeleteItemResponse.builder().build(), touched);

        assertThat(units.write()).isEqualTo(1 + 1);
    }

    @Test
    void aBatchWriteChargesEachPutAndEachDeleteAsTheirOwnCallsWould() {
        items.put("Tweets", tweet("t1", "a1", 100));
        var added = tweet("t2", "a2", 1500);
        var batch = BatchWriteItemRequest.builder().requestItems(Map.of("Tweets", List.of(
                WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(Map.of("id", s("t1"))).build())
                        .build(),
                WriteRequest.builder().putRequest(PutRequest.builder().item(added).build()).build()))).build();

        var touched = calculator.before(batch);
        items.remove("Tweets", Map.of("id", s("t1")));
        items.put("Tweets", added);
        var units = calculator.succeeded(batch, BatchWriteItemResponse.builder().build(), touched);

        assertThat(units.write()).as("the delete: 1 + 1 in ByAuthor; the put: 2 + 2").isEqualTo(1 + 1 + 2 + 2);
    }

    @Test
    void aFailedConditionStillCostsTheItemsSize() {
        items.put("Users", Map.of("id", s("u1"), "bio", s("x".repeat(1500))));
        var put = PutItemRequest.builder().tableName("Users").item(Map.of("id", s("u1")))
                .conditionExpression("attribute_not_exists(id)").build();

        var units = calculator.conditionFailed(put, calculator.before(put));

        assertThat(units.write()).isEqualTo(2);
    }

    @Test
    void transactionalWritesCostDouble() {
        var user = Map.of("id", s("u2"));
        var transaction = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().put(Put.builder().tableName("Users").item(user).build()).build()).build();

        var touched = calculator.before(transaction);
        items.put("Users", user);
        var units = calculator.succeeded(transaction, TransactWriteItemsResponse.builder().build(), touched);

        assertThat(units.write()).isEqualTo(2);
    }

    @Test
    void aGetWithAProjectionCostsTheWholeItem() {
        items.put("Users", Map.of("id", s("u1"), "bio", s("x".repeat(5000))));
        var get = GetItemRequest.builder().tableName("Users").key(Map.of("id", s("u1")))
                .projectionExpression("id").consistentRead(true).build();
        var response = GetItemResponse.builder().item(Map.of("id", s("u1"))).build();

        assertThat(calculator.succeeded(get, response, List.of()).read()).isEqualTo(2);
    }

    @Test
    void aGetOfAMissingItemCostsHalfAUnitEventuallyConsistent() {
        var get = GetItemRequest.builder().tableName("Users").key(Map.of("id", s("nobody"))).build();

        assertThat(calculator.succeeded(get, GetItemResponse.builder().build(), List.of()).read()).isEqualTo(0.5);
    }

    @Test
    void aBatchGetRoundsEachItemAndChargesMissingOnes() {
        items.put("Users", Map.of("id", s("u1"), "bio", s("x".repeat(1500))));
        items.put("Users", Map.of("id", s("u2"), "bio", s("x".repeat(6600))));
        var keys = List.of(Map.of("id", s("u1")), Map.of("id", s("u2")), Map.of("id", s("u3")));
        var batch = BatchGetItemRequest.builder().requestItems(Map.of("Users",
                KeysAndAttributes.builder().keys(keys).consistentRead(true).build())).build();
        var response = BatchGetItemResponse.builder().responses(Map.of("Users",
                List.of(items.item("Users", keys.get(0)), items.item("Users", keys.get(1))))).build();

        assertThat(calculator.succeeded(batch, response, List.of()).read()).isEqualTo(1 + 2 + 1);
    }

    @Test
    void aQuerySumsTheItemsItEvaluatedBeforeItsFilter() {
        var first = tweet("t1", "a1", 3000);
        var second = tweet("t2", "a1", 3000);
        items.put("Tweets", first);
        items.put("Tweets", second);
        items.queryAnswer = List.of(first, second);
        var query = QueryRequest.builder().tableName("Tweets").indexName("ByAuthor")
                .keyConditionExpression("authorId = :a").filterExpression("#t <> :x")
                .expressionAttributeNames(Map.of("#t", "text"))
                .expressionAttributeValues(Map.of(":a", s("a1"), ":x", s("nothing"))).build();

        var units = calculator.succeeded(query, QueryResponse.builder().items(List.of(first)).build(), List.of());

        assertThat(units.read()).isEqualTo(1.0); // 6 KB summed, 2 units, eventually consistent
        assertThat(items.queried.getFirst().filterExpression()).isNull();
        assertThat(items.queried.getFirst().expressionAttributeNames()).isEmpty();
        assertThat(items.queried.getFirst().expressionAttributeValues()).containsOnlyKeys(":a");
    }

    @Test
    void eachUnitIsChargedToThePartitionThatServedIt() {
        var tweet = tweet("t1", "a1", 1500);
        var put = PutItemRequest.builder().tableName("Tweets").item(tweet).build();
        var touched = calculator.before(put);
        items.put("Tweets", tweet);

        assertThat(calculator.partitions(put, touched)).containsExactly(
                new Charges.Partition("Tweets", null, "t1"), new Charges.Partition("Tweets", "ByAuthor", "a1"));
        assertThat(calculator.charged(put, PutItemResponse.builder().build(), touched).charges()).containsExactly(
                new Charges.Charge(new Charges.Partition("Tweets", null, "t1"), 0, 2),
                new Charges.Charge(new Charges.Partition("Tweets", "ByAuthor", "a1"), 0, 2));
    }

    @Test
    void anIndexKeyThatChangesChargesTheOldPartitionAndTheNew() {
        items.put("Tweets", tweet("t1", "a1", 100));
        var update = UpdateItemRequest.builder().tableName("Tweets").key(Map.of("id", s("t1")))
                .updateExpression("SET authorId = :b").build();
        var touched = calculator.before(update);
        items.put("Tweets", tweet("t1", "b2", 100));

        assertThat(calculator.partitions(update, touched)).as("known before: the item's index partition now")
                .contains(new Charges.Partition("Tweets", "ByAuthor", "a1"));
        assertThat(calculator.charged(update, UpdateItemResponse.builder().build(), touched).charges())
                .extracting(Charges.Charge::partition).containsExactly(new Charges.Partition("Tweets", null, "t1"),
                        new Charges.Partition("Tweets", "ByAuthor", "a1"),
                        new Charges.Partition("Tweets", "ByAuthor", "b2"));
    }

    @Test
    void anUpdateThatKeepsItsIndexKeyChargesThatIndexPartitionOnce() {
        items.put("Tweets", tweet("t1", "a1", 100));
        var update = UpdateItemRequest.builder().tableName("Tweets").key(Map.of("id", s("t1")))
                .updateExpression("SET #t = :t").expressionAttributeNames(Map.of("#t", "text"))
                .expressionAttributeValues(Map.of(":t", s("x".repeat(1500)))).build();
        var touched = calculator.before(update);
        items.put("Tweets", tweet("t1", "a1", 1500));

        assertThat(calculator.charged(update, UpdateItemResponse.builder().build(), touched).charges())
                .as("the larger of before and after, 2 units, in the table and in the one index entry")
                .containsExactly(new Charges.Charge(new Charges.Partition("Tweets", null, "t1"), 0, 2),
                        new Charges.Charge(new Charges.Partition("Tweets", "ByAuthor", "a1"), 0, 2));
    }

    @Test
    void aBatchGetIsChargedToThePartitionOfEachKeyItAsks() {
        var batch = BatchGetItemRequest.builder().requestItems(Map.of("Users", KeysAndAttributes.builder()
                .keys(List.of(Map.of("id", s("u1")), Map.of("id", s("u2")))).build())).build();

        assertThat(calculator.partitions(batch, List.of())).containsExactly(
                new Charges.Partition("Users", null, "u1"), new Charges.Partition("Users", null, "u2"));
    }

    @Test
    void aQueryIsChargedToThePartitionItsKeyConditionNames() {
        var query = QueryRequest.builder().tableName("Tweets").indexName("ByAuthor")
                .keyConditionExpression("#a = :a AND id > :from").expressionAttributeNames(Map.of("#a", "authorId"))
                .expressionAttributeValues(Map.of(":a", s("a1"), ":from", s("t0"))).build();

        assertThat(calculator.partitions(query, List.of()))
                .containsExactly(new Charges.Partition("Tweets", "ByAuthor", "a1"));
        assertThat(calculator.partitions(ScanRequest.builder().tableName("Users").build(), List.of()))
                .as("a scan: the table as a whole").containsExactly(new Charges.Partition("Users", null, null));
    }

    private static Map<String, AttributeValue> tweet(String id, String author, int textBytes) {
        return Map.of("id", s(id), "authorId", s(author), "text", s("x".repeat(textBytes)));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    /** A table of items in memory, keyed by their primary key. */
    private static final class Items implements SideReads {
        private final Map<String, Map<Map<String, AttributeValue>, Map<String, AttributeValue>>> tables =
                new HashMap<>();
        List<Map<String, AttributeValue>> queryAnswer = List.of();
        final List<QueryRequest> queried = new ArrayList<>();

        void put(String table, Map<String, AttributeValue> item) {
            tables.computeIfAbsent(table, t -> new HashMap<>()).put(Map.of("id", item.get("id")), item);
        }

        void remove(String table, Map<String, AttributeValue> key) {
            tables.get(table).remove(key);
        }

        @Override
        public Map<String, AttributeValue> item(String table, Map<String, AttributeValue> key) {
            return tables.getOrDefault(table, Map.of()).getOrDefault(Map.copyOf(key), Map.of());
        }

        @Override
        public List<Map<String, AttributeValue>> query(QueryRequest request) {
            queried.add(request);
            return queryAnswer;
        }

        @Override
        public List<Map<String, AttributeValue>> scan(ScanRequest request) {
            return List.of();
        }
    }
}
