package com.scaleout.local.streams;

import com.scaleout.declaration.StreamConsumerSpec;
import java.time.Duration;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The event source mapping's {@code MaximumRecordAgeInSeconds}: a record older than it (from its
 * {@code ApproximateCreationDateTime}) is no longer delivered or retried but sent to the on-failure destination.
 */
final class RecordAge {
    private final Duration maximum;

    private RecordAge(Duration maximum) {
        this.maximum = maximum;
    }

    /** {@code maximumSeconds} of -1: no limit, records are kept until they leave the stream. */
    static RecordAge of(int maximumSeconds) {
        return new RecordAge(maximumSeconds == StreamConsumerSpec.NO_MAXIMUM_RECORD_AGE ? null
                : Duration.ofSeconds(maximumSeconds));
    }

    /** A record without a creation time is never too old. */
    boolean exceeded(Record record, Instant now) {
        Instant created = record.dynamodb().approximateCreationDateTime();
        return maximum != null && created != null && created.plus(maximum).isBefore(now);
    }
}
