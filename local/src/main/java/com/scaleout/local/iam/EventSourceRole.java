package com.scaleout.local.iam;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A DynamoDB stream's event source mapping reads the stream with its function's execution role: Lambda needs
 * DescribeStream, GetShardIterator and GetRecords on the stream's ARN before it can invoke the function at all.
 */
public final class EventSourceRole {
    static final List<String> STREAM_READ = List.of(
            "dynamodb:DescribeStream", "dynamodb:GetShardIterator", "dynamodb:GetRecords");

    private EventSourceRole() {
    }

    /** Why the function's role may not read the stream; empty when it may (or when the function is not checked). */
    public static Optional<String> refusal(String function, String streamArn) {
        return FunctionPolicies.of(function).flatMap(policy -> {
            List<String> missing = STREAM_READ.stream()
                    .filter(action -> !policy.evaluate(action, streamArn, Map.of()).allowed())
                    .toList();
            return missing.isEmpty() ? Optional.empty() : Optional.of("the execution role of " + function
                    + " does not allow " + String.join(", ", missing) + " on " + streamArn
                    + ", so its event source mapping cannot read the stream (grant the table's stream read to it)");
        });
    }
}
