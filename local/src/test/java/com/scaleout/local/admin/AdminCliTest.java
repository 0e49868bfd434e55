package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AdminCliTest {

    @Test
    void chunksFillTheRoutesItemLimitAndNoMore() {
        // 2 + 10 + 10 = 22 items per account: 454 accounts per request
        assertThat(SeedChunks.accountsPerRequest(10, 10, 5_000)).isEqualTo(454);
        assertThat(SeedChunks.split(1_000, 10, 10, 5_000)).containsExactly(454, 454, 92);
        assertThat(SeedChunks.split(7, 0, 0, 5_000)).containsExactly(7);
        assertThat(SeedChunks.split(12_000, 0, 0, 5_000)).containsExactly(5_000, 5_000, 2_000);
        assertThat(SeedChunks.split(10, 0, 0, 4)).containsExactly(4, 4, 2);
        assertThat(SeedChunks.accountsPerRequest(200, 1_000, 5_000)).isEqualTo(8);
    }

    @Test
    void theProgressBarShowsShareDetailAndTimeLeft() {
        assertThat(Progress.line(300, 1_000, "300/1,000 accounts", Duration.ofSeconds(12)))
                .isEqualTo("[#########.....................]  30%  300/1,000 accounts  12 s, about 28 s left");
        assertThat(Progress.line(1_000, 1_000, "done", Duration.ofSeconds(40)))
                .isEqualTo("[##############################] 100%  done  40 s");
        assertThat(Progress.line(0, 1_000, "starting", Duration.ZERO)).startsWith("[......").contains("  0%");
    }

    @Test
    void optionsComeInPairs() {
        assertThat(AdminCli.options(new String[] {"--users", "10", "--url", "http://x"}))
                .containsEntry("users", "10").containsEntry("url", "http://x");
        assertThatThrownBy(() -> AdminCli.options(new String[] {"--users"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("usage");
        assertThatThrownBy(() -> AdminCli.options(new String[] {"10"}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
