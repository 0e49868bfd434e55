package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.StreamConsumerSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.iam.Policy;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.CfnEventSourceMapping;
import software.amazon.awscdk.services.lambda.DlqDestinationConfig;
import software.amazon.awscdk.services.lambda.EventSourceMapping;
import software.amazon.awscdk.services.lambda.IEventSourceDlq;
import software.amazon.awscdk.services.lambda.IEventSourceMapping;
import software.amazon.awscdk.services.lambda.IFunction;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * An event source mapping per {@link StreamConsumerSpec}, from the table's DynamoDB stream to its function.
 * Handlers report partial batch failures and bisect-on-error isolates a poison record, as each spec declares (both
 * on unless it says otherwise); after the retry limit the failing records go (as a pointer to the shard and sequence
 * numbers) to the consumer's on-failure queue instead of blocking the shard.
 *
 * <p>Everything a consumer adds lives here, in its own stack: the mapping, the queue, and the policy that lets the
 * function's role read the stream and send to the queue, attached to that role. CDK's {@code DynamoEventSource}
 * would put the mapping and the grants into the function's stack, which would then reference the queue here while
 * the mapping here references the function: a cycle between the two stacks.
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
            Table table = tables.table(spec.table());
            Alias alias = functions.alias(spec.function());
            Policy grants = Policy.Builder.create(this, spec.id() + "-Grants")
                    .statements(List.of(
                            // ListStreams has no resource-level permissions
                            statement(List.of("dynamodb:ListStreams"), "*"),
                            statement(List.of("dynamodb:DescribeStream", "dynamodb:GetRecords",
                                    "dynamodb:GetShardIterator"), table.getTableStreamArn()),
                            statement(List.of("sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"),
                                    onFailure.getQueueArn())))
                    .roles(List.of(functions.function(spec.function()).getRole()))
                    .build();
            var mapping = EventSourceMapping.Builder.create(this, spec.id())
                    .target(alias)
                    .eventSourceArn(table.getTableStreamArn())
                    .startingPosition(StartingPosition.valueOf(spec.startingPosition().name()))
                    .batchSize(spec.batchSize())
                    .maxBatchingWindow(Duration.seconds(spec.batchingWindowSeconds()))
                    .retryAttempts(spec.retryAttempts())
                    .parallelizationFactor(spec.parallelizationFactor())
                    .bisectBatchOnError(spec.bisectsOnError())
                    .reportBatchItemFailures(spec.reportsBatchItemFailures())
                    .onFailure(queueDestination(onFailure));
            if (spec.maximumRecordAgeSeconds() != StreamConsumerSpec.NO_MAXIMUM_RECORD_AGE) {
                mapping.maxRecordAge(Duration.seconds(spec.maximumRecordAgeSeconds()));
            }
            EventSourceMapping built = mapping.build();
            // the alias's ARN as it is (Lambda takes a qualified ARN): CDK would cut the function's name out of it
            // with Fn::Split, which cfn-lint 1.51 refuses around the weak reference to the other stack
            ((CfnEventSourceMapping) built.getNode().getDefaultChild()).setFunctionName(alias.getFunctionArn());
            // Lambda checks the role's stream permissions when the mapping is created
            built.getNode().addDependency(grants);
            onFailureQueues.put(spec.id(), onFailure);
        }
    }

    private static PolicyStatement statement(List<String> actions, String resource) {
        return PolicyStatement.Builder.create().actions(actions).resources(List.of(resource)).build();
    }

    /** The queue as the mapping's on-failure destination; the send permission is in the consumer's policy. */
    private static IEventSourceDlq queueDestination(Queue queue) {
        return new IEventSourceDlq() {
            @Override
            public DlqDestinationConfig bind(IEventSourceMapping target, IFunction targetHandler) {
                return DlqDestinationConfig.builder().destination(queue.getQueueArn()).build();
            }
        };
    }

    /** The on-failure queue of a consumer, by {@link StreamConsumerSpec#id()}. */
    public Map<String, Queue> onFailureQueues() {
        return Collections.unmodifiableMap(onFailureQueues);
    }
}
