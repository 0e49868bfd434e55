package com.scaleout.functions.shared.aws;

import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchGetItem and BatchWriteItem in chunks of the API's limits (100 keys, 25 writes), following the
 * unprocessed keys and items until all are done, backing off when DynamoDB keeps some back (throttling), and
 * reporting a throttle when it keeps them back too long.
 */
public final class Batches {
    private static final int MAX_KEYS = 100;
    private static final int MAX_WRITES = 25;
    /**
     * Leftovers after the first round may be only the response's size limit, so the first retry is at once; a
     * second round with leftovers means throttling: full jitter up to 80 ms, doubling to 500 ms. No wait ends
     * later than {@link AwsClients#CALL_TIMEOUT} after the first round started, as for a single call, so a
     * table that stays throttled ends the call inside the function's timeout.
     */
    private static final BackoffStrategy THROTTLED = Jitter.full(Duration.ofMillis(40), Duration.ofMillis(500));
    static final Retry RETRY = Retry.on(attempt -> attempt == 2 ? Duration.ZERO : THROTTLED.computeDelay(attempt))
            .within(AwsClients.CALL_TIMEOUT);

    private Batches() {
    }

    /** The items with these single-attribute keys; the result's order is not the keys' order. */
    public static List<Map<String, AttributeValue>> getAll(DynamoDbClient dynamoDb, String table, String keyName,
                                                    List<String> keyValues) {
        return getAll(dynamoDb, table, keyName, keyValues, RETRY);
    }

    static List<Map<String, AttributeValue>> getAll(DynamoDbClient dynamoDb, String table, String keyName,
                                             List<String> keyValues, Retry retry) {
        List<Map<String, AttributeValue>> keys = new LinkedHashSet<>(keyValues).stream()
                .map(v -> Map.of(keyName, AttributeValue.fromS(v))).toList();
        return getAcross(dynamoDb, Map.of(table, keys), null, retry).getOrDefault(table, List.of());
    }

    /**
     * The items with these keys, from several tables in the same BatchGetItem calls (100 keys each, whichever tables
     * they are from), by table; {@code projection} (a ProjectionExpression, or null for whole items) applies to all.
     */
    public static Map<String, List<Map<String, AttributeValue>>> getAcross(
            DynamoDbClient dynamoDb, Map<String, List<Map<String, AttributeValue>>> keysByTable, String projection) {
        return getAcross(dynamoDb, keysByTable, projection, RETRY);
    }

    static Map<String, List<Map<String, AttributeValue>>> getAcross(
            DynamoDbClient dynamoDb, Map<String, List<Map<String, AttributeValue>>> keysByTable, String projection,
            Retry retry) {
        var keys = new ArrayList<Map.Entry<String, Map<String, AttributeValue>>>();
        keysByTable.forEach((table, tableKeys) -> tableKeys.forEach(key -> keys.add(Map.entry(table, key))));
        var results = new HashMap<String, List<Map<String, AttributeValue>>>();
        for (int from = 0; from < keys.size(); from += MAX_KEYS) {
            var request = new HashMap<String, KeysAndAttributes>();
            keys.subList(from, Math.min(keys.size(), from + MAX_KEYS)).stream()
                    .collect(Collectors.groupingBy(Map.Entry::getKey, LinkedHashMap::new,
                            Collectors.mapping(Map.Entry::getValue, Collectors.toList())))
                    .forEach((table, tableKeys) -> request.put(table, KeysAndAttributes.builder().keys(tableKeys)
                            .projectionExpression(projection).build()));
            requireDone(retry.drain(Map.copyOf(request), pending -> {
                var response = dynamoDb.batchGetItem(r -> r.requestItems(pending));
                response.responses().forEach((table, items) ->
                        results.computeIfAbsent(table, t -> new ArrayList<>()).addAll(items));
                return response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            }, Map::isEmpty));
        }
        return results;
    }

    public static void writeAll(DynamoDbClient dynamoDb, String table, List<WriteRequest> requests) {
        writeAll(dynamoDb, table, requests, RETRY);
    }

    static void writeAll(DynamoDbClient dynamoDb, String table, List<WriteRequest> requests, Retry retry) {
        for (int from = 0; from < requests.size(); from += MAX_WRITES) {
            Map<String, List<WriteRequest>> pending = Map.of(table,
                    requests.subList(from, Math.min(requests.size(), from + MAX_WRITES)));
            requireDone(retry.drain(pending, batch -> {
                var response = dynamoDb.batchWriteItem(r -> r.requestItems(batch));
                return response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
            }, Map::isEmpty));
        }
    }

    /** Leftovers after the budget are throttling by another name: a 503 with Retry-After, a retried stream batch. */
    private static void requireDone(Map<String, ?> left) {
        if (left.isEmpty()) {
            return;
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new IllegalStateException("interrupted while DynamoDB kept items of a batch unprocessed");
        }
        throw ProvisionedThroughputExceededException.builder()
                .message("DynamoDB kept items of a batch unprocessed for " + AwsClients.CALL_TIMEOUT)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ProvisionedThroughputExceededException")
                        .serviceName("DynamoDb").build())
                .statusCode(400).build();
    }
}
