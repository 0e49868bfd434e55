package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetryBackoffTest {
    @Test
    void doublesFromHalfASecondToTenSecondsAndStaysThere() {
        assertThat(IntStream.rangeClosed(1, 7).mapToObj(RetryBackoff::after).map(Duration::toMillis))
                .containsExactly(500L, 1_000L, 2_000L, 4_000L, 8_000L, 10_000L, 10_000L);
        assertThat(RetryBackoff.after(Integer.MAX_VALUE)).isEqualTo(RetryBackoff.MAX);
    }

    @Test
    void tenFastFailuresInARowAreSpreadOverMoreThanAMinuteOfOverload() {
        long waited = IntStream.rangeClosed(1, 10).mapToLong(n -> RetryBackoff.after(n).toMillis()).sum();
        assertThat(Duration.ofMillis(waited)).isGreaterThan(Duration.ofSeconds(60));
    }

    @Test
    void refusesACountBelowOne() {
        assertThatThrownBy(() -> RetryBackoff.after(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
