package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StartTimesTest {
    private final AtomicLong nanos = new AtomicLong();
    private final StartTimes times = new StartTimes(nanos::get, 0);

    private void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000);
    }

    @Test
    void saysTheWholeStartAndEachPhaseInOneLine() throws Exception {
        advanceMillis(300); // before the first phase: counted in the whole only
        times.run("backends", () -> advanceMillis(2_140));
        assertThat(times.time("tables", () -> {
            advanceMillis(1_560);
            return "created";
        })).isEqualTo("created");

        assertThat(times.summary()).isEqualTo("started in 4.0 s (backends 2.1 s, tables 1.6 s)");
        assertThat(times.line()).isEqualTo("4.000\tbackends=2.140\ttables=1.560");
    }

    @Test
    void aFailedPhaseIsTimedToo() {
        assertThatThrownBy(() -> times.time("backends", () -> {
            advanceMillis(900);
            throw new IOException("moto_server did not answer");
        })).hasMessage("moto_server did not answer");

        assertThat(times.summary()).isEqualTo("started in 0.9 s (backends 0.9 s)");
    }
}
