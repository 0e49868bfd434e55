package com.scaleout.functions.imports.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.n;
import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.functions.imports.application.RecordStore;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * One conditional PutItem per record ("absent, or an older sequence"), since BatchWriteItem cannot carry a
 * condition. Writes run concurrently on a pool built once per execution environment; the record ids are hashes,
 * so they spread over partitions. A throttled or timed-out write is retried with capped exponential backoff and
 * full jitter until the request's deadline; past it, the whole call reports busy and the client's retry
 * converges, because a replayed record is either stale or the same write.
 */
public final class DynamoRecordStore implements RecordStore {
    static final Retry RETRY = Retry.on(Jitter.full(Duration.ofMillis(25), Duration.ofSeconds(1)));
    private static final String CONDITION = "attribute_not_exists(#id) OR #seq < :seq";
    private static final Map<String, String> CONDITION_NAMES = Map.of(
            "#id", ImportTables.Record.ID, "#seq", ImportTables.Record.SEQUENCE);

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final ExecutorService writers;
    private final Clock clock;
    private final Retry retry;

    public DynamoRecordStore(DynamoDbClient dynamoDb, String table, int concurrency, Clock clock) {
        this(dynamoDb, table, concurrency, clock, RETRY.withClock(clock));
    }

    DynamoRecordStore(DynamoDbClient dynamoDb, String table, int concurrency, Clock clock, Retry retry) {
        this.dynamoDb = dynamoDb;
        this.table = table;
        this.clock = clock;
        this.retry = retry;
        this.writers = Executors.newFixedThreadPool(concurrency,
                Thread.ofPlatform().daemon().name("import-writer-", 0).factory());
    }

    @Override
    public UpsertResult upsert(Collection<ImportRecord> records, Instant deadline) {
        List<Future<Boolean>> writes = new ArrayList<>(records.size());
        for (ImportRecord record : records) {
            writes.add(writers.submit(() -> write(record, deadline)));
        }
        int applied = 0;
        try {
            for (Future<Boolean> write : writes) {
                long waitMillis = Math.max(0, Duration.between(clock.instant(), deadline).toMillis());
                if (write.get(waitMillis, TimeUnit.MILLISECONDS)) {
                    applied++;
                }
            }
        } catch (TimeoutException e) {
            writes.forEach(write -> write.cancel(true));
            throw new StoreBusyException("not every record was stored before the deadline", e);
        } catch (InterruptedException e) {
            writes.forEach(write -> write.cancel(true));
            Thread.currentThread().interrupt();
            throw new StoreBusyException("interrupted while storing records", e);
        } catch (ExecutionException e) {
            writes.forEach(write -> write.cancel(true));
            if (e.getCause() instanceof SdkException sdk && retryable(sdk)) {
                throw new StoreBusyException("DynamoDB kept throttling or timing out", sdk);
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
        return new UpsertResult(applied, records.size() - applied);
    }

    /** True if stored, false if the stored sequence was as new or newer. */
    private boolean write(ImportRecord record, Instant deadline) {
        PutItemRequest put = PutItemRequest.builder()
                .tableName(table)
                .item(item(record))
                .conditionExpression(CONDITION)
                .expressionAttributeNames(CONDITION_NAMES)
                .expressionAttributeValues(Map.of(":seq", n(record.sequence())))
                .build();
        return retry.call(() -> {
            try {
                dynamoDb.putItem(put);
                return true;
            } catch (ConditionalCheckFailedException stale) {
                return false;
            }
        }, failure -> failure instanceof SdkException sdk && retryable(sdk), deadline);
    }

    private static Map<String, AttributeValue> item(ImportRecord record) {
        return Map.of(
                ImportTables.Record.ID, s(record.key().id()),
                ImportTables.Record.CLIENT_ID, n(record.clientId()),
                ImportTables.Record.TABLE, s(record.table()),
                ImportTables.Record.SEQUENCE, n(record.sequence()),
                ImportTables.Record.KEY, s(record.key().valuesJson()),
                ImportTables.Record.DATA, s(record.dataJson()));
    }

    static boolean retryable(SdkException e) {
        return e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException
                || e instanceof SdkClientException
                || (e instanceof AwsServiceException service
                        && (service.isThrottlingException() || service.statusCode() >= 500));
    }
}
