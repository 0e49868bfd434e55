package com.scaleout.local.iam;

import java.util.ArrayList;
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
            var missing = new ArrayList<String>();
            for (String action : STREAM_READ) {
                Decision decision = policy.evaluate(action, streamArn, Map.of());
                // the mapping reads as the function's role: its reads use the role's grants, for the audit too
                CallLog.record(new RecordedCall(function, action, streamArn, decision));
                if (!decision.allowed()) {
                    missing.add(action);
                }
            }
            return missing.isEmpty() ? Optional.empty() : Optional.of("the execution role of " + function
                    + " does not allow " + String.join(", ", missing) + " on " + streamArn
                    + ", so its event source mapping cannot read the stream (grant the table's stream read to it)");
        });
    }
}
