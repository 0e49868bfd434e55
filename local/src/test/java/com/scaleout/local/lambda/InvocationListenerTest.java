package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.testing.SlowHandler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InvocationListenerTest {
    private static final FunctionSpec SLOW = FunctionSpec.of("Slow", SlowHandler.class.getName()).memoryMb(512);
    private static final Logger POOL_LOG = Logger.getLogger(FunctionPool.class.getName());

    private final List<String> reports = new CopyOnWriteArrayList<>();
    private final Handler reportLines = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getMessage().startsWith("REPORT")) {
                reports.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listenToReports() {
        POOL_LOG.addHandler(reportLines);
    }

    @AfterEach
    void stopListening() {
        POOL_LOG.removeHandler(reportLines);
    }

    private static APIGatewayV2HTTPEvent sleeping(long millis) {
        return APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("ms", String.valueOf(millis)))
                .build();
    }

    /** Writes down what it hears, and reports a fixed time of its own and a summary. */
    private static final class Recording implements InvocationListener {
        final List<String> heard = new CopyOnWriteArrayList<>();
        final List<Double> elapsed = new CopyOnWriteArrayList<>();
        private final Report report;

        Recording(Report report) {
            this.report = report;
        }

        @Override
        public EnvironmentListener environmentStarted(FunctionSpec function) {
            heard.add("environment " + function.name() + " " + function.memoryMb());
            return new EnvironmentListener() {
                @Override
                public void invocationStarting() {
                    heard.add("starting");
                }

                @Override
                public void handlerEntering() {
                    heard.add("entering on " + Thread.currentThread().getName().replaceAll("\\d+$", "<n>"));
                }

                @Override
                public void handlerLeft() {
                    heard.add("left on " + Thread.currentThread().getName().replaceAll("\\d+$", "<n>"));
                }

                @Override
                public Report invocationEnded(double elapsedMillis) {
                    heard.add("ended");
                    elapsed.add(elapsedMillis);
                    return report;
                }
            };
        }
    }

    @Test
    void theListenerHearsEachEnvironmentOnceAndEachInvocationOnItsOwnThread() throws Exception {
        var listener = new Recording(InvocationListener.Report.NOTHING);
        try (var pool = new FunctionPool(SLOW, FunctionCode.shared(),
                AccountConcurrency.of(10, List.of(SLOW)), ScalingRate.lambdas(), listener)) {
            pool.invoke(sleeping(0));
            pool.invoke(sleeping(50));
        }

        String thread = FunctionPool.threadNamePrefix("Slow") + "<n>";
        assertThat(listener.heard).containsExactly("environment Slow 512",
                "starting", "entering on " + thread, "left on " + thread, "ended",
                "starting", "entering on " + thread, "left on " + thread, "ended");
        assertThat(listener.elapsed.get(1)).isGreaterThanOrEqualTo(50.0);
    }

    @Test
    void aFailedInvocationIsHeardToItsEnd() {
        var listener = new Recording(InvocationListener.Report.NOTHING);
        var failing = APIGatewayV2HTTPEvent.builder().withQueryStringParameters(Map.of("fail", "true")).build();
        try (var pool = new FunctionPool(SLOW, FunctionCode.shared(),
                AccountConcurrency.of(10, List.of(SLOW)), ScalingRate.lambdas(), listener)) {
            assertThatThrownBy(() -> pool.invoke(failing)).isInstanceOf(InvocationException.class);
        }

        assertThat(listener.heard).endsWith("ended");
    }

    @Test
    void theReportLineCarriesTheSummaryAndLeavesOutTheListenersOwnTime() throws Exception {
        var listener = new Recording(new InvocationListener.Report(0.5, "DynamoDB: 1 calls"));
        try (var pool = new FunctionPool(SLOW, FunctionCode.shared(),
                AccountConcurrency.of(10, List.of(SLOW)), ScalingRate.lambdas(), listener)) {
            pool.invoke(sleeping(0));
        }

        String duration = String.format("Duration: %.2f ms", listener.elapsed.getFirst() - 0.5);
        assertThat(reports).singleElement().satisfies(line -> assertThat(line)
                .contains(duration).contains("Memory Size: 512 MB Init Duration: ").endsWith(" ms DynamoDB: 1 calls"));
    }

    @Test
    void withoutAListenerTheReportLineEndsWithTheMemoryAndInitDuration() throws Exception {
        try (var pool = new FunctionPool(SLOW, FunctionCode.shared())) {
            pool.invoke(sleeping(0));
            pool.invoke(sleeping(0));
        }

        assertThat(reports).hasSize(2);
        assertThat(reports.get(0)).matches(".* Memory Size: 512 MB Init Duration: [0-9.,]+ ms");
        assertThat(reports.get(1)).endsWith(" Memory Size: 512 MB");
    }

    @Test
    void theRuntimeAloneHasNoListenerOnItsClasspath() {
        // the cost meter is the bench module's: the runtime module neither contains nor depends on it
        assertThat(InvocationListener.fromClasspath()).isSameAs(InvocationListener.NONE);
    }

    @Test
    void severalListenersAreHeardInTurnAndTheirReportsAddUp() {
        var first = new Recording(new InvocationListener.Report(1.5, "first"));
        var silent = new Recording(InvocationListener.Report.NOTHING);
        var second = new Recording(new InvocationListener.Report(2, "second"));
        var all = new InvocationListeners(List.of(first, silent, second)).environmentStarted(SLOW);

        all.invocationStarting();
        all.handlerEntering();
        all.handlerLeft();
        var report = all.invocationEnded(10);

        assertThat(report).isEqualTo(new InvocationListener.Report(3.5, "first second"));
        for (var listener : List.of(first, silent, second)) {
            assertThat(listener.heard).hasSize(5);
            assertThat(listener.elapsed).containsExactly(10.0);
        }
    }
}
