package com.scaleout.functions.shared.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.retries.api.BackoffStrategy;

class JitterTest {
    @Test
    void drawsEveryValueFromTheOriginUpToButNotIncludingTheBound() {
        var seen = new HashSet<Long>();
        LongStream.range(0, 2_000).forEach(i -> seen.add(Jitter.between(3, 8)));

        assertThat(seen).containsExactlyInAnyOrder(3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void anEmptyRangeIsTheCallersMistake() {
        assertThatThrownBy(() -> Jitter.between(5, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fullJitterSpreadsEachWaitFromNothingUpToTheSdksExponentialCeiling() {
        BackoffStrategy full = Jitter.full(Duration.ofMillis(4), Duration.ofMillis(16));
        var seen = new HashSet<Long>();
        IntStream.range(0, 2_000).forEach(i -> seen.add(full.computeDelay(3).toMillis()));

        assertThat(seen).as("before the third attempt: up to twice the base").containsExactlyInAnyOrder(
                0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(full.computeDelay(30)).as("capped").isLessThanOrEqualTo(Duration.ofMillis(16));
        assertThat(full.computeDelay(1)).as("the first attempt does not wait").isZero();
    }

    @Test
    void equalJitterWaitsHalfTheCeilingForSureAndHalfAtRandom() {
        BackoffStrategy equal = Jitter.equal(Duration.ofMillis(8), Duration.ofMillis(64));
        var seen = new HashSet<Long>();
        IntStream.range(0, 2_000).forEach(i -> seen.add(equal.computeDelay(2).toMillis()));

        assertThat(seen).containsExactlyInAnyOrder(4L, 5L, 6L, 7L, 8L);
    }
}
