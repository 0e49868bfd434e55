package com.scaleout.local.template;

import com.scaleout.declaration.StreamConsumerSpec;
import java.util.List;

/**
 * One AWS::Lambda::EventSourceMapping from a table's stream, with Lambda's defaults for what the template leaves
 * out. {@code -1} in {@code maximumRecordAgeInSeconds} and {@code maximumRetryAttempts} is Lambda's "infinite".
 *
 * @param function the declared name of the function it invokes
 * @param table    the declared name of the table whose stream it reads
 */
public record EventSourceTemplate(String function, String table, int batchSize, int maximumBatchingWindowInSeconds,
                                  int maximumRecordAgeInSeconds, int maximumRetryAttempts,
                                  boolean bisectBatchOnFunctionError, int parallelizationFactor,
                                  String startingPosition, List<String> functionResponseTypes) {

    /** Lambda's value for a stream mapping that sets none. */
    static final int DEFAULT_BATCH_SIZE = 100;
    static final int INFINITE = -1;
    /** The {@code FunctionResponseTypes} value that has Lambda read the handler's partial batch failures. */
    static final String REPORT_BATCH_ITEM_FAILURES = "ReportBatchItemFailures";

    public EventSourceTemplate {
        functionResponseTypes = List.copyOf(functionResponseTypes);
    }

    /**
     * The poller's configuration. Infinite retries cannot be a poller's bound (a poison record would hold its
     * shard forever, which is what the template should not ask for), so they are an error here. Bisect-on-error
     * and partial batch failures are applied as written.
     */
    public StreamConsumerSpec toConsumerSpec() {
        if (maximumRetryAttempts == INFINITE) {
            throw new UnresolvableTemplateException("the event source mapping of " + function + " on " + table
                    + " retries forever (MaximumRetryAttempts -1): set a bound in the CDK app");
        }
        return new StreamConsumerSpec(table, function, batchSize, maximumBatchingWindowInSeconds,
                maximumRetryAttempts, parallelizationFactor,
                StreamConsumerSpec.StartingPosition.valueOf(startingPosition), maximumRecordAgeInSeconds,
                functionResponseTypes.contains(REPORT_BATCH_ITEM_FAILURES), bisectBatchOnFunctionError);
    }
}
