package com.scaleout.functions.shared.streams;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import java.util.Optional;

/**
 * Base of the DynamoDB Streams consumers: a batch in, the records to retry out. Each batch runs with its log fields
 * and metrics ({@link StreamInvocations}), and their SnapStart priming is registered here, once for all of them;
 * each consumer says how it processes a batch and what its warm-up does.
 */
public abstract class StreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse>, Primed {
    private final StreamInvocations invocations = new StreamInvocations();
    private final Priming priming;

    /**
     * @param redis the consumer's cache connection, which priming closes before the snapshot and opens again after
     *              the restore
     */
    protected StreamHandler(Optional<RedisLink> redis) {
        // the warm-up runs at the checkpoint, long after construction
        this.priming = Priming.register(getClass(), redis, this::warmUp);
    }

    @Override
    public final StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return invocations.run(context, () -> process(event, context));
    }

    /** The batch's work: the records that failed (and those after them on their shard) are to be retried. */
    protected abstract StreamsEventResponse process(DynamodbEvent event);

    /** {@link #process(DynamodbEvent)}, for a consumer that needs the invocation's time left ({@code context}). */
    protected StreamsEventResponse process(DynamodbEvent event, Context context) {
        return process(event);
    }

    /** The consumer's harmless batches and reads before a SnapStart snapshot (see {@link Priming}). */
    protected abstract void warmUp();

    @Override
    public final Priming priming() {
        return priming;
    }
}
