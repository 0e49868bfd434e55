package com.scaleout.functions.social.dynamodb;

import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.aws.TransientFailures;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * TransactWriteItems with what every caller needs: a retry with jittered backoff when another transaction on the
 * same items got in the way or an item ran out of capacity (DynamoDB cancels with TransactionConflict or
 * ThrottlingError, and the SDK does not retry a cancellation), and the index of the item whose
 * condition failed when it was a condition.
 */
final class Transactions {
    /**
     * No attempt starts once the first is {@link AwsClients#CALL_TIMEOUT} old: each attempt may itself take up
     * to that (the SDK retries a throttled call inside it), and six of them would outlast the function's timeout,
     * which answers a gateway error instead of the 503 and Retry-After a client can act on.
     */
    static final Retry RETRY = Retry.on(Jitter.full(Duration.ofMillis(20), Duration.ofMillis(400)))
            .atMost(6).within(AwsClients.CALL_TIMEOUT);

    private Transactions() {
    }

    /**
     * Thrown when a condition of item {@code index} failed; {@code item} is what stood in its way when the item asked
     * for it ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}), empty otherwise. A write that finds its own earlier
     * attempt there (applied, its answer lost, resent without a token that covers it) tells by it that it is done.
     */
    static final class ConditionFailed extends RuntimeException {
        final int index;
        final transient Map<String, AttributeValue> item;

        ConditionFailed(int index, Map<String, AttributeValue> item) {
            super("condition of item " + index + " failed", null, false, false);
            this.index = index;
            this.item = item == null ? Map.of() : Map.copyOf(item);
        }

        /** Whether the item that failed the condition has this attribute with this string value. */
        boolean heldBy(String attribute, String value) {
            AttributeValue held = item.get(attribute);
            return held != null && value.equals(held.s());
        }
    }

    static void write(DynamoDbClient dynamoDb, List<TransactWriteItem> items) {
        write(dynamoDb, items, RETRY);
    }

    static void write(DynamoDbClient dynamoDb, List<TransactWriteItem> items, Retry retry) {
        retry.call(() -> {
            try {
                return dynamoDb.transactWriteItems(r -> r.transactItems(items));
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.cancellationReasons();
                for (int i = 0; i < reasons.size(); i++) {
                    if ("ConditionalCheckFailed".equals(reasons.get(i).code())) {
                        throw new ConditionFailed(i, reasons.get(i).hasItem() ? reasons.get(i).item() : null);
                    }
                }
                throw e;
            }
        }, Transactions::retryable);
    }

    /** No condition failed: another transaction or the capacity got in the way, and a retry may pass. */
    private static boolean retryable(RuntimeException failure) {
        return failure instanceof TransactionConflictException
                || (failure instanceof TransactionCanceledException cancelled
                        && TransientFailures.cancelledTransiently(cancelled));
    }
}
