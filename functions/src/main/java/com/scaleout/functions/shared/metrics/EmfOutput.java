package com.scaleout.functions.shared.metrics;

import com.scaleout.declaration.OperatorMetricNames;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.cloudwatchlogs.emf.environment.Environment;
import software.amazon.cloudwatchlogs.emf.environment.EnvironmentProvider;
import software.amazon.cloudwatchlogs.emf.environment.LambdaEnvironment;
import software.amazon.cloudwatchlogs.emf.model.MetricsContext;
import software.amazon.cloudwatchlogs.emf.sinks.ISink;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.internal.EmfMetricsLogger;

/**
 * Where the EMF lines go. On Lambda, stdout, which CloudWatch reads into metrics. Anywhere else (the local runtime,
 * tests) to a consumer: EMF's own discovery would probe the EC2 and ECS metadata endpoints, then send to a
 * CloudWatch agent on localhost:25888, neither of which is there.
 */
public final class EmfOutput {
    private static final boolean ON_LAMBDA = System.getenv("AWS_LAMBDA_FUNCTION_NAME") != null;
    private static final org.apache.logging.log4j.Logger LOCAL_LOG =
            org.apache.logging.log4j.LogManager.getLogger("scaleout.metrics");
    private static volatile Metrics instance;

    private EmfOutput() {
    }

    /** The process's metrics: stdout on Lambda, the log ({@code scaleout.metrics} at DEBUG) elsewhere. */
    public static Metrics instance() {
        Metrics metrics = instance;
        if (metrics == null) {
            synchronized (EmfOutput.class) {
                if (instance == null) {
                    instance = ON_LAMBDA ? to(new LambdaEnvironment()) : to(LOCAL_LOG::debug);
                }
                metrics = instance;
            }
        }
        return metrics;
    }

    /**
     * Whether {@link #instance()}'s lines are read by anyone: always on Lambda; elsewhere while the log's DEBUG is on
     * (off by default). A line nobody reads is not worth making: it cost 8-14 % of a warm timeline read's CPU in the
     * local runtime.
     */
    public static boolean written() {
        return ON_LAMBDA || LOCAL_LOG.isDebugEnabled();
    }

    /** Metrics whose EMF lines go to {@code lines}, one JSON document each. */
    public static Metrics to(Consumer<String> lines) {
        return to(new Sinking(new LineSink(lines)));
    }

    private static Metrics to(Environment environment) {
        var metrics = new EmfMetricsLogger(new Fixed(environment), new MetricsContext());
        metrics.setNamespace(OperatorMetricNames.NAMESPACE);
        metrics.clearDefaultDimensions();
        return metrics;
    }

    /** No discovery: always the one environment. */
    private static final class Fixed extends EnvironmentProvider {
        private final Environment environment;

        Fixed(Environment environment) {
            this.environment = environment;
        }

        @Override
        public CompletableFuture<Environment> resolveEnvironment() {
            return CompletableFuture.completedFuture(environment);
        }

        @Override
        public Environment getDefaultEnvironment() {
            return environment;
        }
    }

    private record LineSink(Consumer<String> lines) implements ISink {
        @Override
        public void accept(MetricsContext context) {
            try {
                context.serialize().forEach(lines);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("EMF line not serialized", e);
            }
        }

        @Override
        public CompletableFuture<Void> shutdown() {
            return CompletableFuture.completedFuture(null);
        }
    }

    /** An environment that adds nothing to the line and writes it to a sink. */
    private record Sinking(ISink sink) implements Environment {
        @Override
        public boolean probe() {
            return true;
        }

        @Override
        public String getName() {
            return "Scaleout";
        }

        @Override
        public String getType() {
            return "Local";
        }

        @Override
        public String getLogGroupName() {
            return "";
        }

        @Override
        public void configureContext(MetricsContext context) {
        }

        @Override
        public ISink getSink() {
            return sink;
        }
    }
}
