package com.scaleout.declaration;

import java.util.Objects;

/**
 * A function fed by a table's DynamoDB stream, as Lambda's event source mapping does it: batches of at most
 * {@code batchSize} records, gathered for at most {@code batchingWindowSeconds}; a batch that keeps failing
 * is retried {@code retryAttempts} times, then sent to the on-failure destination and skipped; a record older than
 * {@code maximumRecordAgeSeconds} (-1: no limit, CloudFormation's default) is sent there undelivered.
 * {@code reportsBatchItemFailures} is the mapping's {@code FunctionResponseTypes: [ReportBatchItemFailures]}: the
 * handler's {@code StreamsEventResponse} is read, and a batch is retried from its earliest reported failure (without
 * it, Lambda ignores what the handler returns). {@code bisectsOnError} is {@code BisectBatchOnFunctionError}: a failed
 * batch is split to isolate the failing record, so only that record is set aside when the retries run out (without
 * it, the whole batch is). Both are on unless a consumer says otherwise.
 */
public record StreamConsumerSpec(
        String table,
        String function,
        int batchSize,
        int batchingWindowSeconds,
        int retryAttempts,
        int parallelizationFactor,
        StartingPosition startingPosition,
        int maximumRecordAgeSeconds,
        boolean reportsBatchItemFailures,
        boolean bisectsOnError) {

    public enum StartingPosition { TRIM_HORIZON, LATEST }

    /** {@code MaximumRecordAgeInSeconds} left unset: records are kept until they leave the stream. */
    public static final int NO_MAXIMUM_RECORD_AGE = -1;

    public StreamConsumerSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(function, "function");
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("batch size must be 1-10000, was " + batchSize);
        }
        if (batchingWindowSeconds < 0 || batchingWindowSeconds > 300) {
            throw new IllegalArgumentException("batching window must be 0-300 s, was " + batchingWindowSeconds);
        }
        if (retryAttempts < 0 || retryAttempts > 10_000) {
            throw new IllegalArgumentException("retry attempts must be 0-10000, was " + retryAttempts);
        }
        if (parallelizationFactor < 1 || parallelizationFactor > 10) {
            throw new IllegalArgumentException("parallelization factor must be 1-10, was " + parallelizationFactor);
        }
        Objects.requireNonNull(startingPosition, "startingPosition");
        // Lambda's range for MaximumRecordAgeInSeconds: -1, or 60 s to a week
        if (maximumRecordAgeSeconds != NO_MAXIMUM_RECORD_AGE
                && (maximumRecordAgeSeconds < 60 || maximumRecordAgeSeconds > 604_800)) {
            throw new IllegalArgumentException("maximum record age must be -1 or 60-604800 s, was "
                    + maximumRecordAgeSeconds);
        }
    }

    /** Reporting partial batch failures and bisecting a failed batch. */
    public StreamConsumerSpec(String table, String function, int batchSize, int batchingWindowSeconds,
                              int retryAttempts, int parallelizationFactor, StartingPosition startingPosition,
                              int maximumRecordAgeSeconds) {
        this(table, function, batchSize, batchingWindowSeconds, retryAttempts, parallelizationFactor,
                startingPosition, maximumRecordAgeSeconds, true, true);
    }

    /** Without a maximum record age, reporting partial batch failures and bisecting a failed batch. */
    public StreamConsumerSpec(String table, String function, int batchSize, int batchingWindowSeconds,
                              int retryAttempts, int parallelizationFactor, StartingPosition startingPosition) {
        this(table, function, batchSize, batchingWindowSeconds, retryAttempts, parallelizationFactor,
                startingPosition, NO_MAXIMUM_RECORD_AGE);
    }

    public static StreamConsumerSpec of(String table, String function) {
        return new StreamConsumerSpec(table, function, 100, 0, 3, 1, StartingPosition.TRIM_HORIZON);
    }

    public StreamConsumerSpec batchSize(int size) {
        return new StreamConsumerSpec(table, function, size, batchingWindowSeconds, retryAttempts,
                parallelizationFactor, startingPosition, maximumRecordAgeSeconds, reportsBatchItemFailures,
                bisectsOnError);
    }

    public StreamConsumerSpec batchingWindowSeconds(int seconds) {
        return new StreamConsumerSpec(table, function, batchSize, seconds, retryAttempts,
                parallelizationFactor, startingPosition, maximumRecordAgeSeconds, reportsBatchItemFailures,
                bisectsOnError);
    }

    public StreamConsumerSpec retryAttempts(int attempts) {
        return new StreamConsumerSpec(table, function, batchSize, batchingWindowSeconds, attempts,
                parallelizationFactor, startingPosition, maximumRecordAgeSeconds, reportsBatchItemFailures,
                bisectsOnError);
    }

    public StreamConsumerSpec parallelizationFactor(int factor) {
        return new StreamConsumerSpec(table, function, batchSize, batchingWindowSeconds, retryAttempts,
                factor, startingPosition, maximumRecordAgeSeconds, reportsBatchItemFailures, bisectsOnError);
    }

    public StreamConsumerSpec maximumRecordAgeSeconds(int seconds) {
        return new StreamConsumerSpec(table, function, batchSize, batchingWindowSeconds, retryAttempts,
                parallelizationFactor, startingPosition, seconds, reportsBatchItemFailures, bisectsOnError);
    }

    /** {@code FunctionResponseTypes: [ReportBatchItemFailures]} or none. */
    public StreamConsumerSpec reportsBatchItemFailures(boolean reports) {
        return new StreamConsumerSpec(table, function, batchSize, batchingWindowSeconds, retryAttempts,
                parallelizationFactor, startingPosition, maximumRecordAgeSeconds, reports, bisectsOnError);
    }

    /** {@code BisectBatchOnFunctionError}. */
    public StreamConsumerSpec bisectsOnError(boolean bisects) {
        return new StreamConsumerSpec(table, function, batchSize, batchingWindowSeconds, retryAttempts,
                parallelizationFactor, startingPosition, maximumRecordAgeSeconds, reportsBatchItemFailures, bisects);
    }

    /** Name of the consumer, for logs and for the on-failure record file. */
    public String id() {
        return table + "-" + function;
    }
}
