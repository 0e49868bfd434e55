package com.scaleout.functions.shared.metrics;

import com.scaleout.declaration.OperatorMetricNames;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.model.DimensionSet;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * The signals an operator watches that AWS does not publish itself, as CloudWatch Embedded Metric Format: the code
 * notes them during an invocation ({@link #count}, {@link #milliseconds}) wherever it is, and the invocation's end
 * writes them as one EMF line, in the namespace, with the one dimension and under the names declared in
 * {@link OperatorMetricNames} (low cardinality: one series per function). Noted outside an invocation (a test, priming), they are dropped.
 */
public final class OperatorMetrics {
    private static final ThreadLocal<Recording> CURRENT = new ThreadLocal<>();

    private OperatorMetrics() {
    }

    public static void count(String name, long howMany) {
        Recording recording = CURRENT.get();
        if (recording != null) {
            recording.counts.merge(name, (double) howMany, Double::sum);
        }
    }

    public static void milliseconds(String name, long millis) {
        Recording recording = CURRENT.get();
        if (recording != null) {
            recording.millis.merge(name, (double) millis, Double::sum);
        }
    }

    /** Notes this thread's metrics for {@code functionName} from now until the recording is flushed. */
    public static Recording start(String functionName) {
        var recording = new Recording(functionName);
        CURRENT.set(recording);
        return recording;
    }

    /** One invocation's metrics, summed per name. */
    public static final class Recording {
        private final String functionName;
        private final Map<String, Double> counts = new LinkedHashMap<>();
        private final Map<String, Double> millis = new LinkedHashMap<>();

        private Recording(String functionName) {
            this.functionName = functionName;
        }

        /**
         * Writes what was noted as one EMF line (none if nothing was, or {@code metrics} is null) and stops noting on
         * this thread.
         */
        public void flush(Metrics metrics) {
            if (CURRENT.get() == this) {
                CURRENT.remove();
            }
            if (metrics == null || counts.isEmpty() && millis.isEmpty()) {
                return;
            }
            metrics.flushMetrics(line -> {
                line.setDefaultDimensions(DimensionSet.of(OperatorMetricNames.DIMENSION, functionName));
                counts.forEach((name, value) -> line.addMetric(name, value, MetricUnit.COUNT));
                millis.forEach((name, value) -> line.addMetric(name, value, MetricUnit.MILLISECONDS));
            });
        }
    }
}
