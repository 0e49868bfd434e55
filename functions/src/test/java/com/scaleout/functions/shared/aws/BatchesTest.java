package com.scaleout.functions.shared.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.scaleout.functions.shared.retry.Retry;
import com.scaleout.functions.testing.SettableClock;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Batch calls that DynamoDB keeps leaving items of: followed while time is left, then a throttle, never forever. */
class BatchesTest {
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-01T00:00:00Z"));
    private final Instant start = clock.instant();
    private final AtomicInteger calls = new AtomicInteger();
    private final Retry retry = Batches.RETRY.withClock(clock).withSleeper(clock::advance);

    @Test
    void writesDynamoDbKeepsLeavingUnprocessedEndInAThrottleWithinTheCallsBudget() {
        DynamoDbClient dynamoDb = dynamoDb(request -> BatchWriteItemResponse.builder()
                .unprocessedItems(((BatchWriteItemRequest) request).requestItems()).build());

        Throwable failure = assertTimeoutPreemptively(GENEROUS, () -> catchThrowable(
                () -> Batches.writeAll(dynamoDb, "Tweets", List.of(put("t1")), retry)));

        assertThat(failure).isInstanceOfSatisfying(AwsServiceException.class,
                throttle -> assertThat(throttle.isThrottlingException()).isTrue());
        assertThat(TransientFailures.isTransient((SdkException) failure)).as("answered 503 with Retry-After").isTrue();
        assertThat(calls.get()).isGreaterThan(2);
        assertThat(clock.instant()).isBeforeOrEqualTo(start.plus(AwsClients.CALL_TIMEOUT));
    }

    @Test
    void readsDynamoDbKeepsLeavingUnprocessedEndInAThrottleWithinTheCallsBudget() {
        DynamoDbClient dynamoDb = dynamoDb(request -> BatchGetItemResponse.builder()
                .unprocessedKeys(((BatchGetItemRequest) request).requestItems()).build());

        Throwable failure = assertTimeoutPreemptively(GENEROUS, () -> catchThrowable(
                () -> Batches.getAll(dynamoDb, "Users", "id", List.of("u1", "u2"), retry)));

        assertThat(failure).isInstanceOfSatisfying(SdkException.class,
                sdk -> assertThat(TransientFailures.isTransient(sdk)).isTrue());
        assertThat(clock.instant()).isBeforeOrEqualTo(start.plus(AwsClients.CALL_TIMEOUT));
    }

    @Test
    void leftoversThatDynamoDbTakesOnALaterRoundAreAllWritten() {
        DynamoDbClient dynamoDb = dynamoDb(request -> calls.get() < 3
                ? BatchWriteItemResponse.builder()
                        .unprocessedItems(((BatchWriteItemRequest) request).requestItems()).build()
                : BatchWriteItemResponse.builder().build());

        Batches.writeAll(dynamoDb, "Tweets", List.of(put("t1"), put("t2")), retry);

        assertThat(calls).hasValue(3);
    }

    @Test
    void keysOfSeveralTablesShareCallsOfAHundredKeys() {
        var sizes = new java.util.ArrayList<Integer>();
        DynamoDbClient dynamoDb = dynamoDb(request -> {
            var items = ((BatchGetItemRequest) request).requestItems();
            sizes.add(items.values().stream().mapToInt(k -> k.keys().size()).sum());
            var found = new java.util.HashMap<String, List<Map<String, AttributeValue>>>();
            items.forEach((table, keys) -> found.put(table, keys.keys()));
            return BatchGetItemResponse.builder().responses(found).build();
        });
        List<Map<String, AttributeValue>> keys = java.util.stream.IntStream.range(0, 60)
                .mapToObj(i -> Map.of("id", AttributeValue.fromS("k" + i))).toList();

        var found = Batches.getAcross(dynamoDb, Map.of("Retweets", keys, "Likes", keys), "id", retry);

        assertThat(sizes).as("120 keys: one full call, then the rest").containsExactly(100, 20);
        assertThat(found.get("Retweets")).hasSize(60);
        assertThat(found.get("Likes")).hasSize(60);
    }

    private static WriteRequest put(String id) {
        return WriteRequest.builder().putRequest(p -> p.item(Map.of("id", AttributeValue.fromS(id)))).build();
    }

    private DynamoDbClient dynamoDb(Function<Object, Object> answer) {
        return (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("batchWriteItem") && !method.getName().equals("batchGetItem")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (args[0] instanceof Consumer<?>) {
                        return InvocationHandler.invokeDefault(proxy, method, args); // builds the request
                    }
                    calls.incrementAndGet();
                    return answer.apply(args[0]);
                });
    }
}
