package com.scaleout.functions.shared.invocation;

import com.amazonaws.services.lambda.runtime.Context;
import com.scaleout.functions.shared.logging.JulBridge;
import com.scaleout.functions.shared.metrics.EmfOutput;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.ThreadContext;
import software.amazon.lambda.powertools.metrics.Metrics;

/**
 * What every log line of an invocation says about it, and its metrics. A handler holds one and opens an
 * {@link Invocation} around each request: the lines logged meanwhile carry the function's name, Lambda's request id
 * and whether this is the environment's first invocation (log4j2's ThreadContext, the JSON layout's MDC fields),
 * an HTTP request's also the API's request id (the one its error bodies show as {@code requestId}; named apart
 * from Lambda's JSON log format's own {@code requestId}, which is Lambda's) and its route; the operator metrics
 * noted meanwhile are written as one EMF line when it closes.
 *
 * <p>The ThreadContext is not inherited by threads the code starts (log4j2's default, kept): Lettuce's and the
 * SDK's threads are started during some invocation and outlive it, and would carry its request id forever.
 */
public final class Invocations {
    public static final String FUNCTION_NAME = "functionName";
    public static final String LAMBDA_REQUEST_ID = "lambdaRequestId";
    public static final String COLD_START = "coldStart";
    /** The API Gateway request id: what an error body shows as {@code requestId}. */
    public static final String API_REQUEST_ID = "apiRequestId";
    public static final String ROUTE = "route";

    static {
        JulBridge.install();
    }

    private final AtomicBoolean cold = new AtomicBoolean(true);
    private final Metrics metrics;
    private final BooleanSupplier metricsWritten;

    public Invocations() {
        this(EmfOutput.instance(), EmfOutput::written);
    }

    public Invocations(Metrics metrics) {
        this(metrics, () -> true);
    }

    /** Writing an invocation's metrics only while {@code metricsWritten} says anyone reads them. */
    public Invocations(Metrics metrics, BooleanSupplier metricsWritten) {
        this.metrics = metrics;
        this.metricsWritten = metricsWritten;
    }

    /** A stream batch, an authorizer call: no API request id. */
    public Invocation open(Context context) {
        return open(context, null, null);
    }

    /**
     * An HTTP request. Priming's synthetic requests come without a context: they are not the environment's first
     * invocation (after a SnapStart restore the first real one is) and their metrics are dropped.
     */
    public Invocation open(Context context, String requestId, String route) {
        ThreadContext.clearMap();
        if (context == null) {
            return new Invocation(null, null);
        }
        ThreadContext.put(FUNCTION_NAME, context.getFunctionName());
        ThreadContext.put(LAMBDA_REQUEST_ID, context.getAwsRequestId());
        ThreadContext.put(COLD_START, Boolean.toString(cold.getAndSet(false)));
        if (requestId != null) {
            ThreadContext.put(API_REQUEST_ID, requestId);
        }
        if (route != null) {
            ThreadContext.put(ROUTE, route);
        }
        return new Invocation(OperatorMetrics.start(context.getFunctionName()),
                metricsWritten.getAsBoolean() ? metrics : null);
    }

    /** Closing ends the invocation: its metrics are written (where anyone reads them), its log fields cleared. */
    public static final class Invocation implements AutoCloseable {
        private final OperatorMetrics.Recording recording;
        private final Metrics metrics;

        private Invocation(OperatorMetrics.Recording recording, Metrics metrics) {
            this.recording = recording;
            this.metrics = metrics;
        }

        @Override
        public void close() {
            try {
                if (recording != null) {
                    recording.flush(metrics);
                }
            } catch (RuntimeException e) {
                // the metrics are worth less than the answer they would cost
                org.apache.logging.log4j.LogManager.getLogger(Invocations.class).warn("metrics not written", e);
            } finally {
                ThreadContext.clearMap();
            }
        }
    }
}
