package com.scaleout.functions.imports.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.scaleout.functions.imports.application.RecordStore.StoreBusyException;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.shared.retry.Retry;
import com.scaleout.functions.testing.SettableClock;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/** The import writes' retry: throttled puts retried with jittered waits until the request's deadline, not past it. */
class DynamoRecordStoreTest {
    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final SettableClock clock = new SettableClock(START);
    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private final AtomicInteger puts = new AtomicInteger();

    @Test
    void aThrottledWriteIsRetriedUntilItIsStored() {
        var store = storeAnswering(() -> puts.get() <= 3 ? throttled() : PutItemResponse.builder().build());

        assertThat(store.upsert(List.of(record()), START.plus(DEADLINE)).applied()).isEqualTo(1);
        assertThat(puts).hasValue(4);
        assertThat(waits).hasSize(3).allSatisfy(wait -> assertThat(wait).isLessThanOrEqualTo(Duration.ofSeconds(1)));
    }

    @Test
    void aWriteThrottledToTheEndReportsBusyWithoutWaitingPastTheDeadline() {
        var store = storeAnswering(this::throttled);

        assertThatThrownBy(() -> store.upsert(List.of(record()), START.plus(DEADLINE)))
                .isInstanceOf(StoreBusyException.class);
        assertThat(puts.get()).as("retried more than the SDK would").isGreaterThan(5);
        assertThat(clock.instant()).isBeforeOrEqualTo(START.plus(DEADLINE));
    }

    @Test
    void aStaleRecordIsNotRetried() {
        var store = storeAnswering(() -> {
            throw ConditionalCheckFailedException.builder().message("newer stored").build();
        });

        assertThat(store.upsert(List.of(record()), START.plus(DEADLINE)).stale()).isEqualTo(1);
        assertThat(puts).hasValue(1);
        assertThat(waits).isEmpty();
    }

    private PutItemResponse throttled() {
        throw DynamoDbException.builder().statusCode(400).message("throttled")
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ThrottlingException").build())
                .build();
    }

    private DynamoRecordStore storeAnswering(Supplier<PutItemResponse> answer) {
        var dynamoDb = (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("putItem")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    puts.incrementAndGet();
                    return answer.get();
                });
        Retry retry = DynamoRecordStore.RETRY.withClock(clock).withSleeper(wait -> {
                    waits.add(wait);
                    clock.advance(wait);
                });
        return new DynamoRecordStore(dynamoDb, "ImportRecords", 1, clock, retry);
    }

    private static ImportRecord record() {
        var data = JsonNodeFactory.instance.objectNode().put("id", 7).put("name", "Ada");
        return ImportRecord.of(42, "customers", 1, List.of("id"), data);
    }
}
