package com.scaleout.functions.shared.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

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
}
