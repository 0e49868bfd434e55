package com.scaleout.bench.cost;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.ClientSideReads;
import com.scaleout.local.cost.TableKeys;
import software.amazon.awssdk.core.interceptor.Context;
import java.util.List;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Counts the DynamoDB data calls (and S3 calls) of the invocation on the calling thread ({@link Meters#current()}), and, when
 * {@link Meters#capacityEnabled()}, the capacity units AWS would bill for them ({@link CapacityCalculator}).
 * Registered for every SDK client of the local runtime's JVM by the SDK's global interceptor list (this module's
 * {@code software/amazon/awssdk/global/handlers/execution.interceptors}), so the functions' own clients, built by
 * the production factory, are metered with no change to them; the Lambda artifact has no such file. Calls outside
 * an invocation (the runtime's own, the stream pollers') have no meter and are not counted.
 */
public final class DynamoDbMeter implements ExecutionInterceptor {
    private static final ExecutionAttribute<InvocationMeter> METER = new ExecutionAttribute<>("scaleout.meter");
    private static final ExecutionAttribute<List<CapacityCalculator.Touched>> TOUCHED =
            new ExecutionAttribute<>("scaleout.meter.touched");
    /** Set while the meter makes its own reads, which are not the invocation's. */
    private static final ThreadLocal<Boolean> METERING = ThreadLocal.withInitial(() -> false);

    private volatile CapacityCalculator calculator;

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        InvocationMeter meter = Meters.current();
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        String service = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        if (meter == null || METERING.get() || ClientSideReads.uncounted(attributes)) {
            return;
        }
        if ("S3".equals(service)) {
            meter.s3Call(operation); // priced per request: no units to work out
            return;
        }
        if (!"DynamoDb".equals(service) || !CapacityCalculator.DATA_OPERATIONS.contains(operation)) {
            return;
        }
        meter.dynamoDbCall(operation);
        if (Meters.capacityEnabled()) {
            attributes.putAttribute(METER, meter);
            attributes.putAttribute(TOUCHED, metered(meter, () -> calculator().before(context.request())));
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        InvocationMeter meter = attributes.getAttribute(METER);
        if (meter != null) {
            meter.capacity(metered(meter, () -> calculator().charged(context.request(), context.response(),
                    attributes.getAttribute(TOUCHED))));
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        InvocationMeter meter = attributes.getAttribute(METER);
        Throwable failure = context.exception();
        if (meter != null && (failure instanceof ConditionalCheckFailedException
                || failure instanceof TransactionCanceledException)) {
            meter.capacity(calculator().conditionFailedCharges(context.request(), attributes.getAttribute(TOUCHED)));
        }
    }

    private static <T> T metered(InvocationMeter meter, java.util.function.Supplier<T> work) {
        long start = System.nanoTime();
        METERING.set(true);
        try {
            return work.get();
        } finally {
            METERING.set(false);
            meter.metered(start, System.nanoTime());
        }
    }

    private CapacityCalculator calculator() {
        var current = calculator;
        if (current == null) {
            synchronized (this) {
                if (calculator == null) {
                    calculator = new CapacityCalculator(new TableKeys(ScaleoutDeclaration.declaration().tables()),
                            new ClientSideReads(AwsClients.dynamoDb()));
                }
                current = calculator;
            }
        }
        return current;
    }
}
