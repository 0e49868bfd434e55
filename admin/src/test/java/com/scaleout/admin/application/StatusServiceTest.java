package com.scaleout.admin.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusServiceTest {
    private final ResetServiceTest.FakeCache cache = new ResetServiceTest.FakeCache();
    private boolean metricsDown;
    private final ConsumerLag lag = () -> {
        if (metricsDown) {
            throw new IllegalStateException("down");
        }
        return Map.of("SocialFanout", new ConsumerLag.Lag(120L, "2026-11-30T00:00:00Z"),
                "TweetIndexer", ConsumerLag.Lag.NOT_REPORTED);
    };

    @Test
    void theStatusSaysWhenTheCacheDoesNotAnswer() {
        TableCounts counts = () -> Map.of("Users", 4L, "Tweets", 40L, "Follows", 12L, "Albums", 2L,
                "ImportRecords", 7L);
        var status = new StatusService(counts, cache, lag, java.time.Clock.systemUTC());

        var up = status.status();
        assertThat(up.users()).isEqualTo(4);
        assertThat(up.tweets()).isEqualTo(40);
        assertThat(up.follows()).isEqualTo(12);
        assertThat(up.albums()).isEqualTo(2);
        assertThat(up.importRecords()).isEqualTo(7);
        assertThat(up.cacheReachable()).isTrue();
        assertThat(up.cache().hitRate()).isEqualTo(0.9);
        assertThat(up.streams()).containsKey("SocialFanout");
        assertThat(up.streams().get("TweetIndexer").lagMs()).as("not reported, not 0").isNull();

        cache.down = true;
        var down = status.status();
        assertThat(down.cacheReachable()).isFalse();
        assertThat(down.cache()).isNull();
        assertThat(down.users()).isEqualTo(4);
        assertThat(down.streams()).as("from the metrics, not the cache").containsKey("SocialFanout");
    }

    @Test
    void metricsThatDoNotAnswerLeaveTheStreamsOutButNotTheStatus() {
        var status = new StatusService(() -> Map.of("Users", 4L), cache, lag, java.time.Clock.systemUTC());
        metricsDown = true;

        var reply = status.status();
        assertThat(reply.streams()).isEmpty();
        assertThat(reply.users()).isEqualTo(4);
        assertThat(reply.cacheReachable()).isTrue();
    }
}
