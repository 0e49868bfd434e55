package com.scaleout.functions.shared.counters;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.shared.streams.StreamHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * On a count log's stream: each new change (INSERT) is folded into its target's counters ({@link WatermarkFold});
 * expiries (REMOVE) and anything else count nothing. A record that is not a change is skipped (logged), never a
 * failure of its batch. Folding stops {@link #RESERVE} before the invocation's timeout, and the targets it had no time
 * for are retried, as a failed one is.
 */
public abstract class CountLogHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(CountLogHandler.class.getName());
    /** A stream record's sequence number: digits, at most 40 (DynamoDB Streams' API). */
    private static final Pattern SEQUENCE = Pattern.compile("[0-9]{1,40}");
    /** Time kept in hand at the end of an invocation: a target's fold is two calls, each at most the SDK's 4 s. */
    public static final Duration RESERVE = Duration.ofSeconds(10);
    private final WatermarkFold fold;

    protected CountLogHandler(WatermarkFold fold) {
        super(Optional.empty());
        this.fold = fold;
    }

    /** The change a new log item stands for, at that sequence number; empty when it is not one. */
    protected abstract Optional<WatermarkFold.Change> change(Map<String, AttributeValue> newImage, String sequence);

    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        return process(event, null);
    }

    /** Folds until {@link #RESERVE} before the invocation's timeout (without a context: all of it). */
    @Override
    protected StreamsEventResponse process(DynamodbEvent event, Context context) {
        long until = context == null ? Long.MAX_VALUE : System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(context.getRemainingTimeInMillis()) - RESERVE.toNanos();
        var changes = new ArrayList<WatermarkFold.Change>();
        for (var record : event.getRecords() == null ? List.<DynamodbEvent.DynamodbStreamRecord>of()
                : event.getRecords()) {
            if (!"INSERT".equals(record.getEventName())) {
                continue;
            }
            String sequence = record.getDynamodb().getSequenceNumber();
            var change = sequence == null || !SEQUENCE.matcher(sequence).matches() ? Optional.<WatermarkFold.Change>empty()
                    : change(record.getDynamodb().getNewImage() == null ? Map.of()
                    : record.getDynamodb().getNewImage(), sequence);
            if (change.isEmpty()) {
                LOG.warning(() -> "record " + sequence + " is not a change of a count: skipped");
                continue;
            }
            changes.add(change.get());
        }
        return new StreamsEventResponse(fold.fold(changes, () -> System.nanoTime() < until)
                .map(sequence -> List.of(new StreamsEventResponse.BatchItemFailure(sequence)))
                .orElse(List.of()));
    }
}
