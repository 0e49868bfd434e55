package com.scaleout.functions.social.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.testing.SettableClock;
import com.scaleout.functions.shared.retry.Retry;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The retry loop around a transaction: retried while cheap, never past the SDK call's own time budget. */
class TransactionsTest {
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));
    private final AtomicInteger attempts = new AtomicInteger();
    private final Retry retry = Transactions.RETRY.withClock(clock).withSleeper(clock::advance);

    @Test
    void aCancellationForCapacityIsRetriedUpToSixTimesWhenEachComesBackAtOnce() {
        var dynamoDb = cancellingForCapacity(Duration.ofMillis(20));

        assertThatThrownBy(() -> Transactions.write(dynamoDb, List.of(), retry))
                .isInstanceOf(TransactionCanceledException.class);
        assertThat(attempts).hasValue(6);
    }

    @Test
    void slowAttemptsStopOnceTheCallsBudgetIsSpentSoTheFunctionCanStillAnswer503() {
        // each attempt spends 1.5 s of the SDK's own throttling retries before it is cancelled
        var dynamoDb = cancellingForCapacity(Duration.ofMillis(1500));

        assertThatThrownBy(() -> Transactions.write(dynamoDb, List.of(), retry))
                .isInstanceOf(TransactionCanceledException.class);
        // started at 0, 1.5 and 3 s (plus waits of at most 20 and 40 ms); the fourth would start past the 4 s
        // budget (six would take 9 s)
        assertThat(attempts).hasValue(3);
    }

    private DynamoDbClient cancellingForCapacity(Duration eachAttempt) {
        return (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("transactWriteItems")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    attempts.incrementAndGet();
                    clock.advance(eachAttempt);
                    throw TransactionCanceledException.builder().message("throttled")
                            .cancellationReasons(CancellationReason.builder().code("ThrottlingError").build())
                            .build();
                });
    }
}
