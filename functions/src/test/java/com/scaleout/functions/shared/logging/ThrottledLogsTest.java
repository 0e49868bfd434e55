package com.scaleout.functions.shared.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.apache.logging.log4j.core.filter.BurstFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What ThrottledLog did, done by log4j2.xml's BurstFilters (ThrottledLogTest before). */
class ThrottledLogsTest {
    private final CapturedLines captured = new CapturedLines();

    private static BurstFilter filterOf(String channel) {
        return CapturedLines.burstFilterOf(channel);
    }

    @BeforeEach
    void freshBudgets() {
        filterOf(ThrottledLogs.CACHE_DOWN).clear();
        filterOf(ThrottledLogs.BUSY).clear();
    }

    @AfterEach
    void detach() {
        captured.close();
    }

    @Test
    void aRunOfFailuresIsOneWarningWithItsTrace() {
        var down = new IllegalStateException("connection refused");
        for (int i = 0; i < 1_000; i++) {
            ThrottledLogs.cacheDown().warn("timeline cache unavailable; reading DynamoDB", down);
        }

        assertThat(captured.saying("timeline cache unavailable")).singleElement().satisfies(line ->
                assertThat(line.path("exception").asText()).contains("connection refused"));
    }

    @Test
    void eachChannelHasItsOwnInterval() {
        ThrottledLogs.cacheDown().warn("timeline cache unavailable", new IllegalStateException());
        ThrottledLogs.busy().warn("GET /timeline: AWS throttled or too slow", new IllegalStateException());
        ThrottledLogs.cacheDown().warn("timeline cache unavailable", new IllegalStateException());

        assertThat(captured.saying("timeline cache unavailable")).hasSize(1);
        assertThat(captured.saying("AWS throttled or too slow")).hasSize(1);
    }

    @Test
    void errorsAreNeverHeldBack() {
        for (int i = 0; i < 3; i++) {
            ThrottledLogs.cacheDown().error("cache answered garbage");
        }

        assertThat(captured.saying("cache answered garbage")).hasSize(3);
    }

    @Test
    void theCacheIsReportedOnceAMinuteAndBusyAnswersOnceInTenSeconds() {
        assertThat(intervalOf(ThrottledLogs.CACHE_DOWN)).isCloseTo(Duration.ofMinutes(1).toNanos(),
                org.assertj.core.data.Percentage.withPercentage(0.1));
        assertThat(intervalOf(ThrottledLogs.BUSY)).isEqualTo(Duration.ofSeconds(10).toNanos());
        assertThat(filterOf(ThrottledLogs.CACHE_DOWN).getAvailable()).as("one warning, then none until the interval")
                .isEqualTo(1);
        assertThat(filterOf(ThrottledLogs.BUSY).getAvailable()).isEqualTo(1);
    }

    private static long intervalOf(String logger) {
        String described = filterOf(logger).toString();
        var matcher = java.util.regex.Pattern.compile("interval=(\\d+)").matcher(described);
        assertThat(matcher.find()).as(described).isTrue();
        return Long.parseLong(matcher.group(1));
    }
}
