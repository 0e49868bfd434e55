package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AlbumsBenchTest {
    @Test
    void readsTheLastGlobalInformationBlockOfGatlingsOutput() {
        var run = AlbumsBench.parse(List.of(
                "---- Global Information -------------------------------------|---Total---|-----OK----|----KO----",
                "> request count                                               |       100 |       100 |         -",
                "============================================================",
                "---- Global Information -------------------------------------|---Total---|-----OK----|----KO----",
                "> request count                                               |    59,994 |    59,988 |         6",
                "> max response time (ms)                                      |     4,858 |     4,790 |     4,858",
                "> response time 99th percentile (ms)                          |     2,440 |     2,440 |     4,858",
                "> mean throughput (rps)                                       |     272.7 |    272.67 |      0.03",
                "---- Response Time Distribution -----------------------------------------------------------",
                "> OK: t < 800 ms                                                            29,954 (49.93%)",
                "\u001b[0m\u001b[0mHTML report: /tmp/gatling/albumssimulation-1/index.html"), 1);

        assertThat(run.get("request count")).isEqualTo(59_994);
        assertThat(run.failures()).isEqualTo(6);
        assertThat(run.get("response time 99th percentile (ms)")).isEqualTo(2_440);
        assertThat(run.get("mean throughput (rps)")).isEqualTo(272.7);
        assertThat(run.htmlReport()).isEqualTo("/tmp/gatling/albumssimulation-1/index.html");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aRunWithoutFailuresHasNone() {
        var run = AlbumsBench.parse(List.of(
                "---- Global Information -------------------------------------|---Total---|-----OK----|----KO----",
                "> request count                                               |    60,000 |    60,000 |         -"), 0);

        assertThat(run.failures()).isZero();
        assertThat(run.get("mean throughput (rps)")).isNaN();
    }
}
