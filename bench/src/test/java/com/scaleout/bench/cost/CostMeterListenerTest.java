package com.scaleout.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.lambda.InvocationListener;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CostMeterListenerTest {
    private static final FunctionSpec FUNCTION = FunctionSpec.of("Metered", "unused.Handler").memoryMb(256);

    @Test
    void theRuntimeFindsTheCostMeterOnTheClasspath() {
        assertThat(InvocationListener.fromClasspath()).isInstanceOf(CostMeterListener.class);
    }

    @Test
    void anInvocationsThreadCountsIntoItsMeterWhoseReadingEndsUpInTheReportAndWithTheListeners() throws Exception {
        var environment = new CostMeterListener().environmentStarted(FUNCTION);
        var ended = new AtomicReference<Meters.Invocation>();
        Meters.InvocationListener hears = ended::set;
        Meters.addListener(hears);
        try {
            environment.invocationStarting();
            Thread invocation = new Thread(() -> {
                environment.handlerEntering();
                Meters.current().dynamoDbCall("GetItem");
                Meters.current().metered(0, 2_000_000);
                environment.handlerLeft();
                assertThat(Meters.current()).isNull();
            });
            invocation.start();
            invocation.join();
            var report = environment.invocationEnded(10);

            assertThat(report.listenerMillis()).isEqualTo(2.0);
            assertThat(report.summary()).startsWith("DynamoDB: 1 calls (GetItem 1) ");
            assertThat(ended.get().function()).isEqualTo("Metered");
            assertThat(ended.get().memoryMb()).isEqualTo(256);
            assertThat(ended.get().durationMillis()).isEqualTo(8.0);
            assertThat(ended.get().reading().dynamoDbCallCount()).isEqualTo(1);
        } finally {
            Meters.removeListener(hears);
        }
    }

    @Test
    void aLaterInvocationStartsFromAnEmptyMeter() {
        var environment = new CostMeterListener().environmentStarted(FUNCTION);
        environment.invocationStarting();
        environment.handlerEntering();
        try {
            Meters.current().dynamoDbCall("Query");
            environment.invocationEnded(1);
            environment.invocationStarting();

            assertThat(environment.invocationEnded(1).summary()).startsWith("DynamoDB: 0 calls ");
        } finally {
            environment.handlerLeft();
        }
    }
}
