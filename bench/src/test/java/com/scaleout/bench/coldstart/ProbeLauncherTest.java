package com.scaleout.bench.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeLauncherTest {
    private static final ProbeLauncher.Probe PROBE = new ProbeLauncher.Probe("Health", "a.Handler", 512, List.of(),
            Path.of("sample.json"), List.of(), 1, false);

    @Test
    void timesAreTakenFromTheLaunch() throws IOException {
        var result = ProbeLauncher.parse(PROBE, 1_000_000,
                "noise\nCOLDSTART main=1080000 init=1900000 checkpoint=1900000 restore=1900000 read=2000000 "
                        + "handled=2500000 first=2650000 outcome=http-200 classes=7020\n", 0,
                Path.of("none.log"));

        assertThat(result.jvmStartMs()).isEqualTo(80.0);
        assertThat(result.initMs()).isEqualTo(900.0);
        assertThat(result.firstInvocationMs()).isEqualTo(750.0);
        assertThat(result.handlerMs()).isEqualTo(500.0);
        assertThat(result.coldStartMs()).isEqualTo(1650.0);
        assertThat(result.checkpointMs()).isZero();
        assertThat(result.outcome()).isEqualTo("http-200");
        assertThat(result.classes()).isEqualTo(7020);
        assertThat(result.memory()).isEmpty();
    }

    @Test
    void readsTheMemoryLineOfALongerRun() throws IOException {
        var result = ProbeLauncher.parse(PROBE, 0, "COLDSTART main=1 init=2 checkpoint=2 restore=2 read=2 handled=3 "
                + "first=3 outcome=http-200 classes=1\n"
                + "MEMORY invocations=300 outcome=http-404 heapPeak=1048576 retainedPeak=512 live=256 "
                + "metaspace=2048 rssPeak=4096 gcs=7\n", 0, Path.of("none.log"));

        assertThat(result.lastOutcome()).isEqualTo("http-404");
        assertThat(result.memory()).containsEntry("heapPeak", 1_048_576L).containsEntry("gcs", 7L)
                .containsEntry("rssPeak", 4096L).doesNotContainKey("outcome");
    }

    @Test
    void aPrimedStartsFirstInvocationIsTimedFromTheRestore() throws IOException {
        var result = ProbeLauncher.parse(PROBE.withSnapStartHooks(), 0, "COLDSTART main=100000 init=900000 checkpoint=1500000 "
                + "restore=1520000 read=1530000 handled=1545000 first=1550000 outcome=http-200 classes=9000\n", 0,
                Path.of("none.log"));

        assertThat(result.checkpointMs()).isEqualTo(600.0);
        assertThat(result.restoreMs()).isEqualTo(20.0);
        assertThat(result.firstInvocationMs()).isEqualTo(30.0);
        assertThat(result.afterRestoreMs()).isEqualTo(50.0);
        assertThat(result.handlerMs()).isEqualTo(15.0);
    }

    @Test
    void aProbeThatFailedIsAnError() {
        assertThatThrownBy(() -> ProbeLauncher.parse(PROBE, 0, "", 1, Path.of("none.log")))
                .isInstanceOf(IOException.class).hasMessageContaining("Health").hasMessageContaining("exit 1");
    }
}
