package com.scaleout.functions.shared.streams;

import com.scaleout.declaration.OperatorMetricNames;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.invocation.Invocations;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import java.util.function.Supplier;

/**
 * A stream consumer's invocations: each batch with its log fields and metrics ({@link Invocations}), and a batch
 * that failed, in part or whole, counted as {@value OperatorMetricNames#STREAM_CONSUMER_FAILURES}: AWS's IteratorAge
 * says a consumer falls behind, this says it is failing while it does.
 */
public final class StreamInvocations {
    private final Invocations invocations = new Invocations();

    public StreamsEventResponse run(Context context, Supplier<StreamsEventResponse> batch) {
        try (var invocation = invocations.open(context)) {
            StreamsEventResponse response;
            try {
                response = batch.get();
            } catch (RuntimeException e) {
                OperatorMetrics.count(OperatorMetricNames.STREAM_CONSUMER_FAILURES, 1);
                throw e;
            }
            if (!response.getBatchItemFailures().isEmpty()) {
                OperatorMetrics.count(OperatorMetricNames.STREAM_CONSUMER_FAILURES, 1);
            }
            return response;
        }
    }
}
