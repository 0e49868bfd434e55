package com.scaleout.functions.shared.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The loop of every stream handler: records in order; at the first one that fails, stop and report it, so that
 * Lambda (with ReportBatchItemFailures) retries from there and the records before it are not done twice.
 */
public final class StreamBatch {
    private static final Logger LOG = Logger.getLogger(StreamBatch.class.getName());

    private StreamBatch() {
    }

    public static StreamsEventResponse process(DynamodbEvent event,
                                               Consumer<DynamodbEvent.DynamodbStreamRecord> work) {
        for (var record : event.getRecords()) {
            try {
                work.accept(record);
            } catch (RuntimeException e) {
                String sequence = record.getDynamodb().getSequenceNumber();
                LOG.log(Level.WARNING, "record " + sequence + " failed; reported for retry", e);
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
            }
        }
        return new StreamsEventResponse(List.of());
    }
}
