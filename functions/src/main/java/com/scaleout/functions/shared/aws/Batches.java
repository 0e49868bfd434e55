package com.scaleout.functions.shared.aws;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchGetItem and BatchWriteItem in chunks of the API's limits (100 keys, 25 writes), following the
 * unprocessed keys and items until all are done, backing off when DynamoDB keeps some back (throttling).
 */
public final class Batches {
    private static final int MAX_KEYS = 100;
    private static final int MAX_WRITES = 25;

    private Batches() {
    }

    /** The items with these single-attribute keys; the result's order is not the keys' order. */
    public static List<Map<String, AttributeValue>> getAll(DynamoDbClient dynamoDb, String table, String keyName,
                                                    List<String> keyValues) {
        var results = new ArrayList<Map<String, AttributeValue>>();
        var distinct = new ArrayList<>(new LinkedHashSet<>(keyValues));
        for (int from = 0; from < distinct.size(); from += MAX_KEYS) {
            List<Map<String, AttributeValue>> keys = distinct.subList(from, Math.min(distinct.size(), from + MAX_KEYS))
                    .stream().map(v -> Map.of(keyName, AttributeValue.fromS(v))).toList();
            Map<String, KeysAndAttributes> pending = Map.of(table, KeysAndAttributes.builder().keys(keys).build());
            int rounds = 0;
            while (!pending.isEmpty()) {
                Map<String, KeysAndAttributes> request = pending;
                var response = dynamoDb.batchGetItem(r -> r.requestItems(request));
                results.addAll(response.responses().getOrDefault(table, List.of()));
                pending = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
                rounds = backOffIfPending(!pending.isEmpty(), rounds);
            }
        }
        return results;
    }

    public static void writeAll(DynamoDbClient dynamoDb, String table, List<WriteRequest> requests) {
        for (int from = 0; from < requests.size(); from += MAX_WRITES) {
            Map<String, List<WriteRequest>> pending = Map.of(table,
                    requests.subList(from, Math.min(requests.size(), from + MAX_WRITES)));
            int rounds = 0;
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> batch = pending;
                var response = dynamoDb.batchWriteItem(r -> r.requestItems(batch));
                pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
                rounds = backOffIfPending(!pending.isEmpty(), rounds);
            }
        }
    }

    /** A second round with leftovers means throttling: wait before asking again. */
    private static int backOffIfPending(boolean pending, int rounds) {
        if (pending && ++rounds > 1) {
            sleep(Math.min(500, 20L << rounds));
        }
        return rounds;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
