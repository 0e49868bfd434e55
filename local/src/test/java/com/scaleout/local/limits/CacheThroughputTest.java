package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CacheThroughputTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final CacheThroughput cache = new CacheThroughput("Cache", 100, now::get);

    @Test
    void aSecondOfTheMaximumIsServedAtOnce() {
        for (int i = 0; i < 100; i++) {
            assertThat(cache.reserve(1)).isZero();
        }
        assertThat(cache.throttles()).isEmpty();
    }

    @Test
    void commandsBeyondItWaitInTurnAtTheMaximum() {
        cache.reserve(100);

        assertThat(cache.reserve(1)).isEqualTo(Duration.ofMillis(10));
        assertThat(cache.reserve(1)).isEqualTo(Duration.ofMillis(20));
        assertThat(cache.reserve(48)).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void timeRefillsItUpToOneSecond() {
        cache.reserve(150);
        now.addAndGet(Duration.ofSeconds(1).toNanos());

        assertThat(cache.reserve(50)).isZero();
        now.addAndGet(Duration.ofMinutes(1).toNanos()); // idle: at most one second in hand again
        assertThat(cache.reserve(100)).isZero();
        assertThat(cache.reserve(1)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void aRepliesUnitsAreChargedAfterAndARefundGivesBack() {
        cache.reserve(100);
        cache.charge(10);
        assertThat(cache.reserve(1)).isEqualTo(Duration.ofMillis(110));

        cache.refund(11);
        assertThat(cache.reserve(1)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void heldAndTimedOutCommandsAreCountedByCache() {
        cache.held();
        cache.held();
        cache.timedOut();

        assertThat(cache.throttles()).containsExactly(
                java.util.Map.entry("ElastiCacheThrottled cache:Cache", 2L),
                java.util.Map.entry("ElastiCacheTimedOut cache:Cache", 1L));
    }

    @Test
    void aMaximumMustBePositive() {
        assertThatThrownBy(() -> new CacheThroughput("Cache", 0, now::get))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
    }
}
