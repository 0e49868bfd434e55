package com.scaleout.functions.shared.streams;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import java.util.Optional;

/**
 * Base of the DynamoDB Streams consumers: a batch in, the records to retry out. Their SnapStart priming is
 * registered here, once for all of them; each consumer says what its warm-up does.
 */
public abstract class StreamHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse>, Primed {
    private final Priming priming;

    /**
     * @param redis the consumer's cache connection, which priming closes before the snapshot and opens again after
     *              the restore
     */
    protected StreamHandler(Optional<RedisLink> redis) {
        // the warm-up runs at the checkpoint, long after construction
        this.priming = Priming.register(getClass(), redis, this::warmUp);
    }

    /** The consumer's harmless batches and reads before a SnapStart snapshot (see {@link Priming}). */
    protected abstract void warmUp();

    @Override
    public final Priming priming() {
        return priming;
    }
}
