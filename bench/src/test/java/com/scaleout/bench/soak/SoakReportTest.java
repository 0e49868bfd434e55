package com.scaleout.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SoakReportTest {
    private static final Instant START = Instant.parse("2026-11-30T10:00:00Z");
    private static final SoakPhases PHASES = new SoakPhases(START.plusSeconds(300), START.plusSeconds(306),
            Duration.ofSeconds(30));
    private static final SoakReport.Run RUN = new SoakReport.Run("./scaleout soak --minutes 10", START,
            START.plusSeconds(700), "2 cores", "1.0 / 1.0 / 1.0", "2.0 / 2.0 / 2.0");

    @Test
    void responsesFallIntoThePhaseOfTheirTime(@TempDir Path dir) throws Exception {
        long t = START.toEpochMilli();
        Files.writeString(dir.resolve("social-responses.tsv"), (t + 1_000) + "\t200\n" + (t + 299_999) + "\t503\n"
                + (t + 300_000) + "\t500\n" + (t + 335_999) + "\t404\n");
        Files.writeString(dir.resolve("albums-responses.tsv"), (t + 336_000) + "\t201\n" + (t + 600_000) + "\t502\n");
        Files.writeString(dir.resolve("albums-writes.jsonl"), "{\"kind\":\"album\"}\n"); // not a responses file

        var counts = PhaseCounts.read(dir, PHASES);

        assertThat(counts.of(SoakPhases.Phase.BEFORE)).isEqualTo(new PhaseCounts.Counts(2, 1, 1));
        assertThat(counts.of(SoakPhases.Phase.DURING)).isEqualTo(new PhaseCounts.Counts(2, 2, 1));
        assertThat(counts.of(SoakPhases.Phase.AFTER)).isEqualTo(new PhaseCounts.Counts(2, 1, 1));
        assertThat(counts.total()).isEqualTo(new PhaseCounts.Counts(6, 4, 3));
    }

    @Test
    void passesWithNoServerErrorAfterTheWindowAndNothingMissing() {
        var counts = new PhaseCounts();
        counts.add(SoakPhases.Phase.BEFORE, 200);
        counts.add(SoakPhases.Phase.DURING, 503); // while Redis restarts: reported, not fatal
        counts.add(SoakPhases.Phase.AFTER, 201);
        var findings = new Findings();
        findings.expect("tweets stored", true, "t1");

        var report = new SoakReport(RUN, PHASES, counts, "3 requests, 2 OK, 1 KO", 1, findings);

        assertThat(report.passed()).isTrue();
        assertThat(report.markdown()).contains("| before the restart | 1 | 0 | 0 |",
                "| during it and its recovery window | 1 | 1 | 1 |", "| after the recovery window | 1 | 0 | 0 |",
                "| all | 3 | 1 | 1 |", "stopped at +5 min 00 s, back (empty) at +5 min 06 s, recovery window until "
                        + "+5 min 36 s", "1 items checked, 0 missing, 0 duplicated", "| tweets stored | 1 | 0 | 0 |  |",
                "**Gatling:** 3 requests", "**Verdict:** PASSED", "`./scaleout soak --minutes 10`");
    }

    @Test
    void failsOnAServerErrorAfterTheWindowOrAMissingItem() {
        var counts = new PhaseCounts();
        counts.add(SoakPhases.Phase.AFTER, 500);
        assertThat(new SoakReport(RUN, PHASES, counts, "", 0, new Findings()).passed()).isFalse();

        var findings = new Findings();
        for (int i = 0; i < 7; i++) {
            findings.expect("found by search", false, "t" + i);
        }
        var report = new SoakReport(RUN, PHASES, new PhaseCounts(), "", 7, findings);
        assertThat(report.passed()).isFalse();
        assertThat(report.markdown()).contains("| found by search | 7 | 7 | 0 | t0; t1; t2; t3; t4 |",
                "**Verdict:** FAILED — 0 5xx after the recovery window, 7 missing, 0 duplicated.")
                .doesNotContain("t5");
    }

    @Test
    void failsOnAWriteAppliedTwice() {
        var findings = new Findings();
        findings.expectCount("tweets counts", 3, 2, "ann: tweets 3, expected 2");
        findings.expectCount("tweets counts", 2, 2, "bob: tweets 2, expected 2");

        var report = new SoakReport(RUN, PHASES, new PhaseCounts(), "", 4, findings);

        assertThat(report.passed()).isFalse();
        assertThat(report.markdown()).contains("| tweets counts | 2 | 0 | 1 | ann: tweets 3, expected 2 |",
                "0 missing, 1 duplicated.");
    }

    @Test
    void readsGatlingsGlobalCounts() {
        String output = "---- Global Information ----|---Total---|-----OK----|----KO----\n"
                + "> request count                                   |     1,182 |     1,162 |        20\n";
        assertThat(Soak.gatlingSummary(output)).startsWith("1,182 requests, 1,162 OK, 20 KO");
        assertThat(Soak.gatlingSummary("no summary")).isEmpty();
    }
}
