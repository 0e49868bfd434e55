package com.scaleout.functions.admin.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusServiceTest {
    private final ResetServiceTest.FakeCache cache = new ResetServiceTest.FakeCache();

    @Test
    void theStatusSaysWhenTheCacheDoesNotAnswer() {
        TableCounts counts = () -> Map.of("Users", 4L, "Tweets", 40L, "Follows", 12L, "Albums", 2L,
                "ImportRecords", 7L);
        var status = new StatusService(counts, cache, java.time.Clock.systemUTC());

        var up = status.status();
        assertThat(up.users()).isEqualTo(4);
        assertThat(up.tweets()).isEqualTo(40);
        assertThat(up.follows()).isEqualTo(12);
        assertThat(up.albums()).isEqualTo(2);
        assertThat(up.importRecords()).isEqualTo(7);
        assertThat(up.cacheReachable()).isTrue();
        assertThat(up.cache().hitRate()).isEqualTo(0.9);
        assertThat(up.streams()).containsKey("SocialFanout");

        cache.down = true;
        var down = status.status();
        assertThat(down.cacheReachable()).isFalse();
        assertThat(down.cache()).isNull();
        assertThat(down.users()).isEqualTo(4);
    }
}
