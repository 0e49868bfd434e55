package com.scaleout.local.testing;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Test stream handler: records every batch it is given. A record whose new image has {@code failTimes = n}
 * is reported as a batch item failure the first n times it is seen ({@code always} never succeeds); one with
 * {@code failTimes = throw} makes every invocation whose batch holds it throw (a function error).
 */
public final class RecordingStreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    public static final List<List<DynamodbEvent.DynamodbStreamRecord>> BATCHES = new CopyOnWriteArrayList<>();
    private static final Map<String, Integer> SEEN = new ConcurrentHashMap<>();

    public static void reset() {
        BATCHES.clear();
        SEEN.clear();
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        BATCHES.add(List.copyOf(event.getRecords()));
        var failures = new ArrayList<StreamsEventResponse.BatchItemFailure>();
        for (var record : event.getRecords()) {
            var image = record.getDynamodb().getNewImage();
            var failTimes = image == null ? null : image.get("failTimes");
            if (failTimes == null) {
                continue;
            }
            if ("throw".equals(failTimes.getS())) {
                throw new IllegalStateException("record " + record.getEventID() + " always fails its invocation");
            }
            int seen = SEEN.merge(record.getEventID(), 1, Integer::sum);
            if ("always".equals(failTimes.getS()) || seen <= Integer.parseInt(failTimes.getN())) {
                failures.add(new StreamsEventResponse.BatchItemFailure(record.getDynamodb().getSequenceNumber()));
            }
        }
        return new StreamsEventResponse(failures);
    }

    /** Every record delivered, in delivery order, flattened across batches. */
    public static List<DynamodbEvent.DynamodbStreamRecord> delivered() {
        return BATCHES.stream().flatMap(List::stream).toList();
    }
}
