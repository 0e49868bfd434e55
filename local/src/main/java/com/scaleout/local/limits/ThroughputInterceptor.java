package com.scaleout.local.limits;

import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.Charges;
import com.scaleout.local.cost.ClientSideReads;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * DynamoDB's throughput limits on every DynamoDB data call of the JVM's SDK clients (registered by the SDK's global
 * list, {@code software/amazon/awssdk/global/handlers/execution.interceptors}, as the IAM check is), while the
 * runtime enforces them ({@link #enforce}): before a call, the partitions it will be served by are worked out (for a
 * write, from the items it touches, read aside); each attempt is let through or refused with the throttling error
 * DynamoDB would answer, thrown where the SDK's retry loop sees it, so the SDK backs off and retries as it does for
 * AWS's; after the call, its exact units (from the items' sizes, {@link CapacityCalculator}) are charged.
 */
public final class ThroughputInterceptor implements ExecutionInterceptor {
    private static final ExecutionAttribute<Call> CALL = new ExecutionAttribute<>("scaleout.throughput.call");
    private static volatile Enforcement enforcement;

    /** The limits being enforced, and how a call's units are worked out. */
    private record Enforcement(DynamoDbThroughput throughput, CapacityCalculator calculator) {
    }

    /** One call: what it touches, the partitions it is served by, whether it writes. */
    private record Call(Enforcement enforcement, List<CapacityCalculator.Touched> touched,
                        Set<Charges.Partition> partitions, boolean write) {
    }

    /** Enforces {@code throughput}'s limits from now on, working out units with {@code calculator}. */
    public static void enforce(DynamoDbThroughput throughput, CapacityCalculator calculator) {
        enforcement = new Enforcement(throughput, calculator);
    }

    /** Enforces no limit any more. */
    public static void stop() {
        enforcement = null;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        var current = enforcement;
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        if (current == null || !"DynamoDb".equals(attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME))
                || !CapacityCalculator.DATA_OPERATIONS.contains(operation) || ClientSideReads.uncounted(attributes)) {
            return;
        }
        var touched = current.calculator().before(context.request());
        attributes.putAttribute(CALL, new Call(current, touched,
                current.calculator().partitions(context.request(), touched),
                CapacityCalculator.WRITE_OPERATIONS.contains(operation)));
    }

    /** Each attempt, the retries' too: refused while a partition or table it needs is over its limit. */
    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call != null) {
            call.enforcement().throughput().admit(call.partitions(), call.write()).ifPresent(throttle -> {
                throw throttle.exception();
            });
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call != null) {
            call.enforcement().throughput().charge(call.enforcement().calculator().charged(context.request(),
                    context.response(), call.touched()));
        }
    }

    /** A write refused by its condition consumed its units all the same; a throttled call consumed none. */
    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        Throwable failure = context.exception();
        if (call != null && (failure instanceof ConditionalCheckFailedException
                || failure instanceof TransactionCanceledException)) {
            call.enforcement().throughput().charge(call.enforcement().calculator().conditionFailedCharges(
                    context.request(), call.touched()));
        }
    }
}
