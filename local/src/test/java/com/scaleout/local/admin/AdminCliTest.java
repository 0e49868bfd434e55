package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AdminCliTest {

    @Test
    void chunksFillTheRoutesItemLimitAndNoMore() {
        // 2 + 10 + 10 = 22 items per account: 90 accounts per request
        assertThat(SeedChunks.accountsPerRequest(10, 10, 1_000)).isEqualTo(90);
        assertThat(SeedChunks.split(200, 10, 10, 1_000)).containsExactly(90, 90, 20);
        assertThat(SeedChunks.split(7, 0, 0, 1_000)).containsExactly(7);
        assertThat(SeedChunks.split(2_500, 0, 0, 1_000)).containsExactly(1_000, 1_000, 500);
        assertThat(SeedChunks.split(10, 0, 0, 4)).containsExactly(4, 4, 2);
        assertThat(SeedChunks.accountsPerRequest(200, 1_000, 1_000)).isEqualTo(1);
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

    @Test
    void theStreamsHaveCaughtUpWhenEachConsumerReportedSinceTheWriteAndIsCloseBehind() throws Exception {
        var since = java.time.Instant.parse("2026-11-30T10:00:00Z");
        var consumers = StreamCatchUp.consumersOf(3, 5);
        var status = com.scaleout.functions.shared.json.Json.MAPPER.readTree("""
                {"streams": {
                  "TweetIndexer": {"lagMs": 800, "at": "2026-11-30T10:00:04Z"},
                  "SearchIndexer": {"lagMs": 12000, "at": "2026-11-30T10:00:04Z"},
                  "SocialFanout": {"lagMs": 100, "at": "2026-11-30T09:59:00Z"}}}""");

        assertThat(consumers).containsExactly("TweetIndexer", "SearchIndexer", "SocialFanout");
        var now = java.time.Instant.parse("2026-11-30T10:00:06Z");
        assertThat(StreamCatchUp.behind(status, consumers, since, now, StreamCatchUp.IDLE))
                .containsExactly("SearchIndexer 12 s behind", "SocialFanout not started");
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("TweetIndexer"), since, now,
                StreamCatchUp.IDLE)).isEmpty();
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("ImportChangeLog"), since, now, StreamCatchUp.IDLE))
                .containsExactly("ImportChangeLog not started");
        // a consumer that has reported nothing for a while has nothing left to do, whatever its last lag
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SearchIndexer"), since, now.plusSeconds(20),
                StreamCatchUp.IDLE))
                .isEmpty();
        // one that has reported nothing since the write for as long has nothing to do: it finished before the
        // write was answered (a seed's chunk stalled three minutes on this before)
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(20),
                StreamCatchUp.IDLE))
                .isEmpty();
        // between chunks, a shorter window: such a consumer is taken for done sooner
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(6),
                StreamCatchUp.IDLE)).containsExactly("SocialFanout not started");
        assertThat(StreamCatchUp.behind(status, java.util.Set.of("SocialFanout"), since, now.plusSeconds(6),
                StreamCatchUp.PACING_IDLE)).isEmpty();
        assertThat(StreamCatchUp.consumersOf(0, 4)).containsExactly("SocialFanout");
        assertThat(StreamCatchUp.consumersOf(0, 0)).isEmpty();
    }
}
