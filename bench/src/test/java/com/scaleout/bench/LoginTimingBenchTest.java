package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LoginTimingBenchTest {

    @Test
    void theMedianIntervalTakesTheSignTestsOrderStatistics() {
        // n = 100: ranks 50 ± 1.96·5 → the 40th and 60th smallest (0-based 40 and 60)
        List<Double> values = IntStream.rangeClosed(1, 100).mapToObj(i -> (double) (101 - i)).toList();

        double[] interval = LoginTimingBench.medianInterval(values);

        assertThat(interval).containsExactly(41.0, 61.0);
    }

    @Test
    void differencesCenteredOnZeroAreIndistinguishableAndShiftedOnesAreNot() {
        List<Double> centered = IntStream.range(0, 200).mapToObj(i -> (i % 2 == 0 ? 1 : -1) * (i % 7) / 10.0).toList();
        List<Double> shifted = centered.stream().map(d -> d + 2).toList();

        double[] around = LoginTimingBench.medianInterval(centered);
        double[] away = LoginTimingBench.medianInterval(shifted);

        assertThat(summary(around).indistinguishable()).isTrue();
        assertThat(summary(away).indistinguishable()).isFalse();
    }

    @Test
    void pairsAlternateTheirOrderAndRecordSecondMinusFirst() {
        var calls = new java.util.ArrayList<String>();
        var paired = LoginTimingBench.interleaved(3, i -> {
            calls.add("a" + i);
            return i;
        }, i -> {
            calls.add("b" + i);
            return 10 * i;
        });

        assertThat(calls).containsExactly("a0", "b0", "b1", "a1", "a2", "b2");
        assertThat(paired.first()).containsExactly(0.0, 1.0, 2.0);
        assertThat(paired.second()).containsExactly(0.0, 10.0, 20.0);
        assertThat(paired.differences()).containsExactly(0.0, 9.0, 18.0);
    }

    private static LoginTimingBench.Summary summary(double[] interval) {
        return new LoginTimingBench.Summary(200, 0, 0, 0, interval[0], interval[1], 0, 0, 0, 0);
    }
}
