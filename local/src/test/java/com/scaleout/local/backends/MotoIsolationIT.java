package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The patched moto isolates requests itself (patch 10): many clients at once, straight at moto with no gate between,
 * follow and unfollow the same few edges in transactions that keep a counter (the follower count's pattern), and
 * the counter ends equal to the edges left, as on DynamoDB. Without the patch, concurrent transactions interleave
 * their checks and writes (the gate used to serialize them from outside for this reason).
 */
class MotoIsolationIT {
    private static final String TABLE = "Edges";
    private static final int CLIENTS = 16;
    private static final int TRANSACTIONS_EACH = 40;
    private static final int EDGES = 12;
    private static final int PADDING = 60;
    private static ManagedProcess moto;
    private static MotoClients clients;

    @BeforeAll
    static void start() throws Exception {
        int port = Probes.freePort();
        moto = MotoServer.start(MotoServer.Variant.PATCHED, port, Path.of("target/it-data/moto-isolation"));
        clients = MotoClients.direct(port, c -> c.retryPolicy(RetryPolicy.none())
                .apiCallTimeout(Duration.ofSeconds(60)));
        clients.dynamoDb().createTable(r -> r.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
    }

    @AfterAll
    static void stop() {
        if (clients != null) {
            clients.close();
        }
        if (moto != null) {
            moto.close();
        }
    }

    @Test
    void concurrentTransactionsKeepACounterEqualToTheItemsTheyWrite() throws Exception {
        var pool = Executors.newFixedThreadPool(CLIENTS);
        var runs = new ArrayList<Future<Integer>>();
        for (int c = 0; c < CLIENTS; c++) {
            runs.add(pool.submit(() -> {
                int applied = 0;
                for (int t = 0; t < TRANSACTIONS_EACH; t++) {
                    String edge = "edge#" + ThreadLocalRandom.current().nextInt(EDGES);
                    try {
                        if (ThreadLocalRandom.current().nextBoolean()) {
                            follow(edge);
                        } else {
                            unfollow(edge);
                        }
                        applied++;
                    } catch (TransactionCanceledException alreadyThereOrGone) {
                        // the condition failed: nothing written, as intended
                    }
                }
                return applied;
            }));
        }
        int applied = 0;
        for (var run : runs) {
            applied += run.get();
        }
        pool.shutdown();

        long edges = clients.dynamoDb().scan(r -> r.tableName(TABLE)).items().stream()
                .filter(item -> item.get("pk").s().startsWith("edge#")).count();
        var counter = clients.dynamoDb().getItem(r -> r.tableName(TABLE).key(key("counter")).consistentRead(true));
        long count = counter.hasItem() ? Long.parseLong(counter.item().get("n").n()) : 0;
        assertThat(applied).as("enough of them succeeded to test anything").isGreaterThan(EDGES);
        assertThat(count).as("the counter after %d applied transactions", applied).isEqualTo(edges);
    }

    private static void follow(String edge) {
        write(TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(key(edge))
                .conditionExpression("attribute_not_exists(pk)")).build(), 1);
    }

    private static void unfollow(String edge) {
        write(TransactWriteItem.builder().delete(d -> d.tableName(TABLE).key(key(edge))
                .conditionExpression("attribute_exists(pk)")).build(), -1);
    }

    /**
     * The edge's write, the counter's and the client's own items in one transaction: the items make it long enough
     * (moto checks every condition, then writes every item) for Python's scheduler to switch threads in between.
     */
    private static void write(TransactWriteItem edge, int change) {
        var items = new ArrayList<TransactWriteItem>();
        items.add(edge);
        for (int i = 0; i < PADDING; i++) {
            String own = "own#" + Thread.currentThread().threadId() + "#" + i;
            items.add(TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key(own))
                    .updateExpression("ADD n :d").expressionAttributeValues(Map.of(":d", AttributeValue.fromN("1"))))
                    .build());
        }
        items.add(TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key("counter"))
                .updateExpression("ADD n :d").expressionAttributeValues(Map.of(":d",
                        AttributeValue.fromN(Integer.toString(change))))).build());
        clients.dynamoDb().transactWriteItems(r -> r.transactItems(items));
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", AttributeValue.fromS(pk));
    }
}
