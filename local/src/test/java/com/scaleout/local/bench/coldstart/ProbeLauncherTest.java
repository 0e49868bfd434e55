package com.scaleout.local.bench.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeLauncherTest {
    private static final ProbeLauncher.Probe PROBE = new ProbeLauncher.Probe("Health", "a.Handler", 512, List.of(),
            Path.of("sample.json"), List.of(), 1);

    @Test
    void timesAreTakenFromTheLaunch() throws IOException {
        var result = ProbeLauncher.parse(PROBE, 1_000_000,
                "noise\nCOLDSTART main=1080000 init=1900000 first=2650000 outcome=http-200 classes=7020\n", 0,
                Path.of("none.log"));

        assertThat(result.jvmStartMs()).isEqualTo(80.0);
        assertThat(result.initMs()).isEqualTo(900.0);
        assertThat(result.firstInvocationMs()).isEqualTo(750.0);
        assertThat(result.coldStartMs()).isEqualTo(1650.0);
        assertThat(result.outcome()).isEqualTo("http-200");
        assertThat(result.classes()).isEqualTo(7020);
        assertThat(result.memory()).isEmpty();
    }

    @Test
    void readsTheMemoryLineOfALongerRun() throws IOException {
        var result = ProbeLauncher.parse(PROBE, 0, "COLDSTART main=1 init=2 first=3 outcome=http-200 classes=1\n"
                + "MEMORY invocations=300 outcome=http-404 heapPeak=1048576 retainedPeak=512 live=256 "
                + "metaspace=2048 rssPeak=4096 gcs=7\n", 0, Path.of("none.log"));

        assertThat(result.lastOutcome()).isEqualTo("http-404");
        assertThat(result.memory()).containsEntry("heapPeak", 1_048_576L).containsEntry("gcs", 7L)
                .containsEntry("rssPeak", 4096L).doesNotContainKey("outcome");
    }

    @Test
    void aProbeThatFailedIsAnError() {
        assertThatThrownBy(() -> ProbeLauncher.parse(PROBE, 0, "", 1, Path.of("none.log")))
                .isInstanceOf(IOException.class).hasMessageContaining("Health").hasMessageContaining("exit 1");
    }
}
