package com.scaleout.functions.social.dynamodb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * BatchGetItem by a single-attribute key, in chunks of 100 (the API's limit), following UnprocessedKeys until
 * every key is answered. Order of the result is not the order of the keys.
 */
final class BatchReads {
    private static final int MAX_KEYS = 100;

    private BatchReads() {
    }

    static List<Map<String, AttributeValue>> getAll(DynamoDbClient dynamoDb, String table, String keyName,
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
                if (!pending.isEmpty() && ++rounds > 1) {
                    sleep(Math.min(500, 20L << rounds)); // throttled: back off before asking again
                }
            }
        }
        return results;
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
