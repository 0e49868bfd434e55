package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoadDriverTest {

    @Test
    void countsRequestsUnitsAndFailuresPerSecondAndInAll() throws Exception {
        var sent = new AtomicInteger();
        var run = LoadDriver.run("test", 2, Duration.ofMillis(2_200), client -> () -> {
            Thread.sleep(10);
            int n = sent.incrementAndGet();
            if (n % 10 == 0) {
                throw new IllegalStateException("every tenth request fails");
            }
            return n % 10 == 5 ? LoadDriver.Outcome.failed("answered 503") : LoadDriver.Outcome.ok(3);
        });

        assertThat(run.requests()).isEqualTo(sent.get());
        assertThat(run.failures()).isEqualTo(sent.get() / 10 + (sent.get() + 5) / 10);
        assertThat(run.units()).isEqualTo(3 * (run.requests() - run.failures()));
        assertThat(run.latencies().getTotalCount()).isEqualTo(run.requests());
        assertThat(run.percentileMillis(50)).isBetween(9.0, 200.0);
        // a second each (longer when the machine is slow to wake the sampler), the rest last; together, the run
        assertThat(run.timeline()).hasSizeBetween(2, 4);
        run.timeline().subList(0, run.timeline().size() - 1)
                .forEach(second -> assertThat(second.lengthSeconds()).isGreaterThanOrEqualTo(0.99));
        assertThat(run.timeline().stream().mapToLong(LoadDriver.Second::requests).sum()).isEqualTo(run.requests());
        assertThat(run.timeline().stream().mapToLong(LoadDriver.Second::units).sum()).isEqualTo(run.units());
        assertThat(run.seconds()).isGreaterThanOrEqualTo(2.2);
    }
}
