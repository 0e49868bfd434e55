package com.scaleout.admin.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.failure.UnavailableException;
import com.scaleout.functions.shared.http.ApiException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResetServiceTest {
    private static final Instant DEADLINE = Instant.now().plusSeconds(60);

    /** Stores that give up {@code perCall} items a call. */
    static final class PiecewiseEraser implements DataEraser {
        final Map<String, Long> left = new HashMap<>();
        final long perCall;
        Instant lastDeadline;

        PiecewiseEraser(long perCall, Map<String, Long> items) {
            this.perCall = perCall;
            left.putAll(items);
        }

        @Override
        public Erased erase(String store, Instant deadline) {
            lastDeadline = deadline;
            long deleted = Math.min(perCall, left.get(store));
            left.merge(store, -deleted, Long::sum);
            return new Erased(deleted, left.get(store) == 0);
        }
    }

    static final class FakeCache implements CacheAdmin {
        int flushes;
        boolean down;

        @Override
        public void flush() {
            if (down) {
                throw new IllegalStateException("REDIS_URL is not configured");
            }
            flushes++;
        }

        @Override
        public CacheStats stats() {
            if (down) {
                throw new IllegalStateException("down");
            }
            return CacheStats.of(3, 1024, 9, 1);
        }
    }

    private final PiecewiseEraser tables = new PiecewiseEraser(100, Map.of("Users", 150L, "Tweets", 30L));
    private final PiecewiseEraser buckets = new PiecewiseEraser(1_000, Map.of("AlbumImages", 5L));
    private final FakeCache cache = new FakeCache();
    private final ResetService reset = new ResetService(List.of("Users", "Tweets"), List.of("AlbumImages"),
            tables, buckets, cache);

    @Test
    void aLargeResetTakesSeveralCallsAndFlushesTheCacheOnlyOnceTheDataIsGone() {
        var first = reset.reset(DEADLINE);
        assertThat(first.complete()).isFalse();
        assertThat(first.cacheFlushed()).isFalse();
        assertThat(first.deleted()).isEqualTo(Map.of("Users", 100L));
        assertThat(cache.flushes).isZero();

        var second = reset.reset(DEADLINE);
        assertThat(second.complete()).isTrue();
        assertThat(second.deleted()).isEqualTo(Map.of("Users", 50L, "Tweets", 30L, "AlbumImages", 5L));
        assertThat(second.cacheFlushed()).isTrue();
        assertThat(cache.flushes).isEqualTo(1);
    }

    @Test
    void deletingStopsAMarginBeforeTheDeadline() {
        reset.reset(DEADLINE);
        assertThat(tables.lastDeadline).isEqualTo(DEADLINE.minus(ResetService.MARGIN));
    }

    @Test
    void aCacheThatDoesNotAnswerIs503AfterTheDataIsGone() {
        cache.down = true;
        reset.reset(DEADLINE);

        assertThatThrownBy(() -> reset.reset(DEADLINE)).isInstanceOfSatisfying(UnavailableException.class,
                e -> assertThat(ApiException.from(e).status()).isEqualTo(503));
        assertThat(tables.left.values()).allMatch(left -> left == 0);
    }
}
