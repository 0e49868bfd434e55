package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.testing.SharedBackends;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The moto patch layer ({@code scaleout_moto.py}) against moto as released: the same generated operations (puts,
 * updates that move items between index partitions, deletes, conditional writes, transactions that commit and that
 * are cancelled, batch writes, queries on the table and on every index with every key condition, both directions,
 * limits, paging, filters, projections and counts, gets and scans) sent to a patched and an unpatched moto_server
 * give the same answers, the same errors and, at the end, the same stream records.
 */
class MotoPatchEquivalenceIT {
    private static final String RANGED = "Ranged";   // pk S + sk S, GSIs by (g S, n N) and (h S), NEW_AND_OLD_IMAGES
    private static final String NUMBERED = "Numbered"; // pk S + sk N, KEYS_ONLY GSI by (g S, sk N), NEW_IMAGE
    private static final String PLAIN = "Plain";     // pk S only, GSI by (g S), KEYS_ONLY stream
    private static final List<String> TABLES = List.of(RANGED, NUMBERED, PLAIN);

    private static ManagedProcess patched;
    private static ManagedProcess unpatched;
    private static MotoClients patchedSide;
    private static MotoClients unpatchedSide;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = SharedBackends.dataDir().resolve("equivalence");
        int patchedPort = Probes.freePort();
        patched = MotoServer.start(MotoServer.Variant.PATCHED, patchedPort, dataDir);
        int unpatchedPort = Probes.freePort();
        unpatched = MotoServer.start(MotoServer.Variant.UNPATCHED, unpatchedPort, dataDir);
        patchedSide = clients(patchedPort);
        unpatchedSide = clients(unpatchedPort);
    }

    private static MotoClients clients(int port) {
        return MotoClients.direct(port, c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())
                .apiCallTimeout(Duration.ofSeconds(60)));
    }

    @AfterAll
    static void stop() {
        for (MotoClients side : new MotoClients[] {patchedSide, unpatchedSide}) {
            if (side != null) {
                side.close();
            }
        }
        if (patched != null) {
            patched.close();
        }
        if (unpatched != null) {
            unpatched.close();
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void generatedOperationsGiveTheSameAnswersAndStreamRecords(long seed) {
        for (MotoClients side : List.of(patchedSide, unpatchedSide)) {
            createTables(side.dynamoDb(), seed);
        }
        var operations = new Operations(new Random(seed), seed);
        for (int i = 0; i < 350; i++) {
            var op = operations.next();
            String patchedOutcome = outcome(() -> op.apply(patchedSide.dynamoDb()));
            String unpatchedOutcome = outcome(() -> op.apply(unpatchedSide.dynamoDb()));
            assertThat(patchedOutcome).as("seed %d, operation %d: %s", seed, i, operations.last)
                    .isEqualTo(unpatchedOutcome);
        }
        for (String table : TABLES) {
            assertThat(streamOf(patchedSide, table + seed)).as("stream of %s (seed %d)", table, seed)
                    .isEqualTo(streamOf(unpatchedSide, table + seed));
        }
    }

    @org.junit.jupiter.api.Test
    void aTransactionSentAgainWithItsClientRequestTokenIsAppliedOnceAsOnDynamoDb() {
        var db = patchedSide.dynamoDb();
        createTables(db, 99);
        String token = java.util.UUID.randomUUID().toString();
        var add = List.of(TransactWriteItem.builder().update(u -> u.tableName(PLAIN + 99)
                .key(Map.of("pk", AttributeValue.fromS("counter"))).updateExpression("ADD n :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).build());

        db.transactWriteItems(r -> r.transactItems(add).clientRequestToken(token));
        db.transactWriteItems(r -> r.transactItems(add).clientRequestToken(token)); // the SDK's retry of a timeout

        assertThat(db.getItem(r -> r.tableName(PLAIN + 99).key(Map.of("pk", AttributeValue.fromS("counter"))))
                .item().get("n").n()).isEqualTo("1");
        var other = List.of(TransactWriteItem.builder().delete(d -> d.tableName(PLAIN + 99)
                .key(Map.of("pk", AttributeValue.fromS("counter")))).build());
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> db.transactWriteItems(r -> r
                .transactItems(other).clientRequestToken(token))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.awsErrorDetails().errorCode())
                        .isEqualTo("IdempotentParameterMismatchException"));
        db.transactWriteItems(r -> r.transactItems(add)); // a fresh token is a new transaction
        assertThat(db.getItem(r -> r.tableName(PLAIN + 99).key(Map.of("pk", AttributeValue.fromS("counter"))))
                .item().get("n").n()).isEqualTo("2");
    }

    private static String outcome(java.util.function.Supplier<Object> call) {
        try {
            return "ok " + call.get();
        } catch (TransactionCanceledException e) {
            return "cancelled " + e.cancellationReasons().stream().map(r -> r.code() + ":" + r.item()).toList();
        } catch (DynamoDbException e) {
            return "error " + e.awsErrorDetails().errorCode() + " " + e.statusCode();
        } catch (SdkException e) {
            return "failed " + e.getClass().getSimpleName();
        }
    }

    /**
     * Every record of the table's stream, without what differs by nature: the event id, the creation time and the
     * size (moto counts the time's digits in it).
     */
    private static List<String> streamOf(MotoClients side, String table) {
        String arn = side.dynamoDb().describeTable(r -> r.tableName(table)).table().latestStreamArn();
        String shard = side.streams().describeStream(r -> r.streamArn(arn)).streamDescription().shards()
                .getFirst().shardId();
        String iterator = side.streams().getShardIterator(r -> r.streamArn(arn).shardId(shard)
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        var records = new ArrayList<String>();
        while (true) {
            String from = iterator;
            var page = side.streams().getRecords(r -> r.shardIterator(from).limit(100));
            for (Record r : page.records()) {
                records.add(r.eventNameAsString() + " " + r.dynamodb().sequenceNumber() + " "
                        + r.dynamodb().keys() + " old=" + r.dynamodb().oldImage() + " new=" + r.dynamodb().newImage()
                        + " " + r.dynamodb().streamViewTypeAsString());
            }
            if (page.records().isEmpty()) {
                return records;
            }
            iterator = page.nextShardIterator();
        }
    }

    private static void createTables(DynamoDbClient dynamoDb, long seed) {
        dynamoDb.createTable(r -> r.tableName(RANGED + seed).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(attr("pk", ScalarAttributeType.S), attr("sk", ScalarAttributeType.S),
                        attr("g", ScalarAttributeType.S), attr("n", ScalarAttributeType.N),
                        attr("h", ScalarAttributeType.S))
                .globalSecondaryIndexes(
                        gsi("byG", ProjectionType.ALL, key("g", KeyType.HASH), key("n", KeyType.RANGE)),
                        gsi("byH", ProjectionType.INCLUDE, key("h", KeyType.HASH)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        dynamoDb.createTable(r -> r.tableName(NUMBERED + seed).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(attr("pk", ScalarAttributeType.S), attr("sk", ScalarAttributeType.N),
                        attr("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("byG", ProjectionType.KEYS_ONLY, key("g", KeyType.HASH),
                        key("sk", KeyType.RANGE)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        dynamoDb.createTable(r -> r.tableName(PLAIN + seed).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH))
                .attributeDefinitions(attr("pk", ScalarAttributeType.S), attr("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("byG", ProjectionType.ALL, key("g", KeyType.HASH)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition attr(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    private static GlobalSecondaryIndex gsi(String name, ProjectionType projection, KeySchemaElement... keys) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys)
                .projection(p -> {
                    p.projectionType(projection);
                    if (projection == ProjectionType.INCLUDE) {
                        p.nonKeyAttributes("text");
                    }
                }).build();
    }

    /** A generator of operations over small key spaces, so that writes collide and partitions fill. */
    static final class Operations {
        private final Random random;
        private final long seed;
        String last = "";

        Operations(Random random, long seed) {
            this.random = random;
            this.seed = seed;
        }

        Function<DynamoDbClient, Object> next() {
            int kind = random.nextInt(100);
            if (kind < 22) {
                return put();
            }
            if (kind < 38) {
                return update();
            }
            if (kind < 45) {
                return delete();
            }
            if (kind < 55) {
                return transaction();
            }
            if (kind < 60) {
                return batchWrite();
            }
            if (kind < 88) {
                return query();
            }
            if (kind < 95) {
                return get();
            }
            return scan();
        }

        private String table() {
            return TABLES.get(random.nextInt(TABLES.size())) + seed;
        }

        private String pick(String... values) {
            return values[random.nextInt(values.length)];
        }

        private Map<String, AttributeValue> keyOf(String table) {
            var key = new HashMap<String, AttributeValue>();
            key.put("pk", AttributeValue.fromS("p" + random.nextInt(4)));
            if (table.startsWith(RANGED)) {
                key.put("sk", AttributeValue.fromS(pick("a", "ab", "abc", "b", "ba", "c", "d", "e1", "e2")));
            } else if (table.startsWith(NUMBERED)) {
                key.put("sk", AttributeValue.fromN(pick("-3", "0", "1", "2.5", "10", "11", "100", "1e3")));
            }
            return key;
        }

        private Map<String, AttributeValue> itemOf(String table) {
            var item = keyOf(table);
            if (random.nextInt(5) > 0) {
                item.put("g", AttributeValue.fromS("g" + random.nextInt(3)));
            }
            if (table.startsWith(RANGED)) {
                if (random.nextInt(4) > 0) {
                    item.put("n", AttributeValue.fromN(String.valueOf(random.nextInt(6) - 2)));
                }
                if (random.nextBoolean()) {
                    item.put("h", AttributeValue.fromS(pick("x", "y")));
                }
            }
            item.put("text", AttributeValue.fromS("t" + random.nextInt(1000)));
            switch (random.nextInt(6)) {
                case 0 -> item.put("bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) 250})));
                case 1 -> item.put("nested", AttributeValue.fromM(Map.of("a", AttributeValue.fromL(List.of(
                        AttributeValue.fromN("1"), AttributeValue.fromBool(true), AttributeValue.fromNul(true))),
                        "b", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("zz"))))));
                case 2 -> item.put("tags", AttributeValue.fromSs(List.of("u", "v")));
                case 3 -> item.put("nums", AttributeValue.fromNs(List.of("1", "2.5")));
                default -> { }
            }
            return item;
        }

        private Function<DynamoDbClient, Object> put() {
            String table = table();
            var item = itemOf(table);
            String condition = pick("", "attribute_not_exists(pk)", "attribute_exists(pk)", "g = :g");
            last = "PutItem " + table + " " + item + " if " + condition;
            return db -> db.putItem(r -> {
                r.tableName(table).item(item).returnValues(ReturnValue.ALL_OLD);
                if (!condition.isEmpty()) {
                    r.conditionExpression(condition)
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
                }
                if (condition.contains(":g")) {
                    r.expressionAttributeValues(Map.of(":g", AttributeValue.fromS("g1")));
                }
            });
        }

        private Function<DynamoDbClient, Object> update() {
            String table = table();
            var key = keyOf(table);
            var values = new HashMap<String, AttributeValue>();
            String mark = "m" + random.nextInt(3);
            String expression = switch (random.nextInt(6)) {
                case 0 -> {
                    values.put(":g", AttributeValue.fromS("g" + random.nextInt(3)));
                    yield "SET g = :g";
                }
                case 1 -> "REMOVE g";
                case 2 -> {
                    values.put(":one", AttributeValue.fromN("1"));
                    yield table.startsWith(RANGED) ? "ADD n :one" : "ADD c :one";
                }
                case 3 -> {
                    values.put(":t", AttributeValue.fromS("u" + random.nextInt(100)));
                    yield "SET #t = :t";
                }
                case 4 -> table.startsWith(RANGED) ? "REMOVE n, h" : "REMOVE #t";
                default -> { // the seed's counter: added once per mark (the same texts again and again)
                    values.put(":one", AttributeValue.fromN("1"));
                    values.put(":marks", AttributeValue.fromSs(List.of(mark)));
                    values.put(":mark", AttributeValue.fromS(mark));
                    yield "ADD #count :one, marks :marks";
                }
            };
            boolean marked = expression.contains("marks");
            boolean conditional = !marked && random.nextInt(3) == 0;
            last = "UpdateItem " + table + " " + key + " " + expression + (conditional ? " if exists" : "")
                    + (marked ? " if exists and not marked " + mark : "");
            return db -> db.updateItem(r -> {
                r.tableName(table).key(key).updateExpression(expression).returnValues(ReturnValue.ALL_NEW);
                if (expression.contains("#t")) {
                    r.expressionAttributeNames(Map.of("#t", "text"));
                }
                if (marked) {
                    r.expressionAttributeNames(Map.of("#count", table.startsWith(RANGED) ? "n" : "c"))
                            .conditionExpression("attribute_exists(pk) AND NOT contains(marks, :mark)");
                }
                if (!values.isEmpty()) {
                    r.expressionAttributeValues(values);
                }
                if (conditional) {
                    r.conditionExpression("attribute_exists(pk)");
                }
            });
        }

        private Function<DynamoDbClient, Object> delete() {
            String table = table();
            var key = keyOf(table);
            boolean conditional = random.nextBoolean();
            last = "DeleteItem " + table + " " + key + (conditional ? " if g exists" : "");
            return db -> db.deleteItem(r -> {
                r.tableName(table).key(key).returnValues(ReturnValue.ALL_OLD);
                if (conditional) {
                    r.conditionExpression("attribute_exists(g)");
                }
            });
        }

        private Function<DynamoDbClient, Object> transaction() {
            var items = new ArrayList<TransactWriteItem>();
            var keys = new java.util.HashSet<String>();
            int size = 2 + random.nextInt(3);
            while (items.size() < size) {
                String table = table();
                var key = keyOf(table);
                if (!keys.add(table + key)) {
                    continue;
                }
                items.add(switch (random.nextInt(4)) {
                    case 0 -> {
                        var item = itemOf(table);
                        item.putAll(key);
                        yield TransactWriteItem.builder().put(p -> p.tableName(table).item(item)).build();
                    }
                    case 1 -> TransactWriteItem.builder().update(u -> u.tableName(table).key(key)
                            .updateExpression("SET g = :g")
                            .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("g" + random.nextInt(3)))))
                            .build();
                    case 2 -> random.nextBoolean()
                            ? TransactWriteItem.builder().delete(d -> d.tableName(table).key(key)).build()
                            : markedCount(table, key, "m" + random.nextInt(3));
                    default -> TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key)
                            .conditionExpression(random.nextBoolean() ? "attribute_exists(pk)"
                                    : "attribute_not_exists(pk)")
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                            .build();
                });
            }
            last = "TransactWriteItems " + items;
            return db -> db.transactWriteItems(r -> r.transactItems(items));
        }

        /** The seed's follower count: raised once per mark, on an item that exists. */
        private static TransactWriteItem markedCount(String table, Map<String, AttributeValue> key, String mark) {
            return TransactWriteItem.builder().update(u -> u.tableName(table).key(key)
                    .updateExpression("ADD #count :one, marks :marks")
                    .conditionExpression("attribute_exists(pk) AND NOT contains(marks, :mark)")
                    .expressionAttributeNames(Map.of("#count", table.startsWith(RANGED) ? "n" : "c"))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"),
                            ":marks", AttributeValue.fromSs(List.of(mark)), ":mark", AttributeValue.fromS(mark)))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build();
        }

        private Function<DynamoDbClient, Object> batchWrite() {
            String table = table();
            var requests = new ArrayList<WriteRequest>();
            var keys = new java.util.HashSet<Map<String, AttributeValue>>();
            for (int i = 0; i < 1 + random.nextInt(6); i++) {
                var item = itemOf(table);
                var key = new HashMap<>(item);
                key.keySet().retainAll(List.of("pk", "sk"));
                if (!keys.add(key)) {
                    continue;
                }
                requests.add(random.nextInt(4) == 0
                        ? WriteRequest.builder().deleteRequest(d -> d.key(key)).build()
                        : WriteRequest.builder().putRequest(p -> p.item(item)).build());
            }
            last = "BatchWriteItem " + table + " " + requests;
            return db -> db.batchWriteItem(r -> r.requestItems(Map.of(table, requests)));
        }

        private Function<DynamoDbClient, Object> get() {
            String table = table();
            var key = keyOf(table);
            last = "GetItem " + table + " " + key;
            return db -> db.getItem(r -> r.tableName(table).key(key));
        }

        private Function<DynamoDbClient, Object> scan() {
            String table = table();
            Integer limit = random.nextInt(3) == 0 ? 3 : null;
            last = "Scan " + table + " limit " + limit;
            return db -> db.scan(r -> r.tableName(table).limit(limit));
        }

        private Function<DynamoDbClient, Object> query() {
            String table = table();
            var builder = QueryRequest.builder().tableName(table);
            var values = new HashMap<String, AttributeValue>();
            var names = new HashMap<String, String>();
            String condition;
            int target = random.nextInt(3);
            if (target == 0 || table.startsWith(PLAIN) && target == 2) {
                values.put(":p", AttributeValue.fromS("p" + random.nextInt(4)));
                condition = "pk = :p" + rangeCondition(table, "sk", values, names);
            } else if (target == 1 || !table.startsWith(RANGED)) {
                builder.indexName("byG");
                values.put(":p", AttributeValue.fromS("g" + random.nextInt(3)));
                String rangeAttr = table.startsWith(RANGED) ? "n" : table.startsWith(NUMBERED) ? "sk" : null;
                condition = "g = :p" + (rangeAttr == null ? "" : rangeCondition(table, rangeAttr, values, names));
            } else {
                builder.indexName("byH");
                values.put(":p", AttributeValue.fromS(pick("x", "y")));
                condition = "h = :p";
            }
            builder.keyConditionExpression(condition).scanIndexForward(random.nextBoolean());
            Integer limit = random.nextInt(3) == 0 ? null : 1 + random.nextInt(4);
            builder.limit(limit);
            switch (random.nextInt(6)) {
                case 0 -> {
                    builder.filterExpression("attribute_exists(#x)");
                    names.put("#x", "text");
                }
                case 1 -> {
                    builder.projectionExpression("pk, #x");
                    names.put("#x", "text");
                }
                case 2 -> builder.select(Select.COUNT);
                default -> { }
            }
            if (!names.isEmpty()) {
                builder.expressionAttributeNames(names);
            }
            builder.expressionAttributeValues(values);
            var request = builder.build();
            last = "Query " + request;
            return db -> {
                // every page, each answer in full, through the keys moto hands back
                var pages = new ArrayList<Object>();
                var next = request;
                for (int page = 0; page < 50; page++) {
                    var response = db.query(next);
                    pages.add(response);
                    if (!response.hasLastEvaluatedKey() || response.lastEvaluatedKey().isEmpty()) {
                        break;
                    }
                    next = next.toBuilder().exclusiveStartKey(response.lastEvaluatedKey()).build();
                }
                return pages;
            };
        }

        private String rangeCondition(String table, String attr, Map<String, AttributeValue> values,
                                      Map<String, String> names) {
            boolean numeric = !(table.startsWith(RANGED) && attr.equals("sk"));
            Function<Integer, AttributeValue> value = i -> numeric
                    ? AttributeValue.fromN(String.valueOf(List.of(-2, 0, 1, 3, 10, 100).get(i)))
                    : AttributeValue.fromS(List.of("a", "ab", "b", "c", "d", "e").get(i));
            names.put("#r", attr);
            int a = random.nextInt(6);
            int b = a + random.nextInt(6 - a);
            values.put(":a", value.apply(a));
            return switch (random.nextInt(9)) {
                case 0 -> " AND #r = :a";
                case 1 -> " AND #r < :a";
                case 2 -> " AND #r <= :a";
                case 3 -> " AND #r > :a";
                case 4 -> " AND #r >= :a";
                case 5 -> {
                    values.put(":b", value.apply(b));
                    yield " AND #r BETWEEN :a AND :b";
                }
                case 6 -> {
                    if (numeric) {
                        yield " AND #r >= :a";
                    }
                    yield " AND begins_with(#r, :a)";
                }
                default -> {
                    names.remove("#r");
                    values.remove(":a");
                    yield "";
                }
            };
        }
    }
}
