package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.StreamConsumerSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSource;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSourceProps;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * An event source mapping per {@link StreamConsumerSpec}, from the table's DynamoDB stream to its function.
 * Handlers report partial batch failures and bisect-on-error isolates a poison record, as each spec declares (both
 * on unless it says otherwise); after the retry limit the failing records go (as a pointer to the shard and sequence
 * numbers) to the consumer's on-failure queue instead of blocking the shard. The event source grants the stream
 * read and the queue send permissions.
 */
public final class StreamConsumers extends Construct {
    /** SQS's maximum: the failed batch's position outlives the stream's own 24 h retention long enough to act. */
    private static final Duration FAILURE_RETENTION = Duration.days(14);

    private final Map<String, Queue> onFailureQueues = new LinkedHashMap<>();

    public StreamConsumers(Construct scope, String id, Declaration declaration, DataTables tables,
                           Functions functions, ScaleoutStackConfig config) {
        super(scope, id);
        for (StreamConsumerSpec spec : declaration.streamConsumers()) {
            Queue onFailure = Queue.Builder.create(this, spec.id() + "-OnFailure")
                    .retentionPeriod(FAILURE_RETENTION)
                    .encryption(QueueEncryption.SQS_MANAGED)
                    .enforceSsl(true)
                    .removalPolicy(config.removalPolicy())
                    .build();
            var source = DynamoEventSourceProps.builder()
                    .startingPosition(StartingPosition.valueOf(spec.startingPosition().name()))
                    .batchSize(spec.batchSize())
                    .maxBatchingWindow(Duration.seconds(spec.batchingWindowSeconds()))
                    .retryAttempts(spec.retryAttempts())
                    .parallelizationFactor(spec.parallelizationFactor())
                    .bisectBatchOnError(spec.bisectsOnError())
                    .reportBatchItemFailures(spec.reportsBatchItemFailures())
                    .onFailure(new SqsDlq(onFailure));
            if (spec.maximumRecordAgeSeconds() != StreamConsumerSpec.NO_MAXIMUM_RECORD_AGE) {
                source.maxRecordAge(Duration.seconds(spec.maximumRecordAgeSeconds()));
            }
            functions.alias(spec.function()).addEventSource(new DynamoEventSource(tables.table(spec.table()),
                    source.build()));
            onFailureQueues.put(spec.id(), onFailure);
        }
    }

    /** The on-failure queue of a consumer, by {@link StreamConsumerSpec#id()}. */
    public Map<String, Queue> onFailureQueues() {
        return Collections.unmodifiableMap(onFailureQueues);
    }
}
