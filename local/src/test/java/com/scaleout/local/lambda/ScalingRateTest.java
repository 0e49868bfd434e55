package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ScalingRateTest {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T10:00:00Z"));
    private final ScalingRate rate = new ScalingRate(ScalingRate.LAMBDA_ENVIRONMENTS, ScalingRate.LAMBDA_PERIOD,
            now::get);

    private long add(int environments) {
        return IntStream.range(0, environments).filter(i -> rate.tryAddEnvironment()).count();
    }

    private void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    @Test
    void aBurstMayAddAThousandEnvironmentsAtOnceThenNoMore() {
        assertThat(add(1001)).isEqualTo(1000);
        assertThat(rate.tryAddEnvironment()).isFalse();
    }

    @Test
    void theAllowanceComesBackAtAThousandEveryTenSeconds() {
        add(1000);

        advance(Duration.ofSeconds(1));
        assertThat(add(200)).as("a tenth of the period").isEqualTo(100);
        advance(Duration.ofSeconds(10));
        assertThat(add(2000)).as("never more than a period's worth").isEqualTo(1000);
    }

    @Test
    void anIdleFunctionDoesNotSaveUpMoreThanOnePeriod() {
        advance(Duration.ofMinutes(5));

        assertThat(add(1500)).isEqualTo(1000);
    }

    @Test
    void saysItsRate() {
        assertThat(rate).hasToString("1000 new environments per 10.0 s");
    }
}
