package com.scaleout.functions.shared.aws;

import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
        var results = new ArrayList<Map<String, AttributeValue>>();
        var distinct = new ArrayList<>(new LinkedHashSet<>(keyValues));
        for (int from = 0; from < distinct.size(); from += MAX_KEYS) {
            List<Map<String, AttributeValue>> keys = distinct.subList(from, Math.min(distinct.size(), from + MAX_KEYS))
                    .stream().map(v -> Map.of(keyName, AttributeValue.fromS(v))).toList();
            Map<String, KeysAndAttributes> unread = retry.drain(
                    Map.of(table, KeysAndAttributes.builder().keys(keys).build()), pending -> {
                        var response = dynamoDb.batchGetItem(r -> r.requestItems(pending));
                        results.addAll(response.responses().getOrDefault(table, List.of()));
                        return response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
                    }, Map::isEmpty);
            requireDone(unread);
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
