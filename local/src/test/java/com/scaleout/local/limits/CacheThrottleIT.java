package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.local.testing.SharedBackends;
import io.lettuce.core.RedisCommandTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cache's ECPU/s maximum on the product's own Redis connection ({@link RedisLink}, which finds the throttle by
 * its ServiceLoader seam on this classpath), against the real redis-server. The times asserted are lower bounds: a
 * slow machine only makes them longer.
 */
class CacheThrottleIT {
    private static final Duration CLIENT_TIMEOUT = RedisLink.COMMAND_TIMEOUT;
    private RedisLink redis;
    private CacheThroughput throughput;

    @BeforeEach
    void connect() throws Exception {
        redis = new RedisLink(SharedBackends.get().redisUrl());
        redis.get().sync().ping(); // the connection's set-up, before the maximum
    }

    @AfterEach
    void close() {
        CacheThrottle.stop();
        redis.close();
    }

    @Test
    void commandsPastTheMaximumAreHeldToItsRate() {
        throughput = new CacheThroughput("Cache", 100, System::nanoTime);
        CacheThrottle.enforce(throughput, CLIENT_TIMEOUT);
        var sync = redis.get().sync();

        long started = System.nanoTime();
        for (int i = 0; i < 130; i++) { // one second's 100 at once, then 30 more at 100 a second
            sync.set("throttle:" + i, "v");
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        assertThat(sync.get("throttle:129")).isEqualTo("v");
        assertThat(throughput.throttles()).containsKey("ElastiCacheThrottled cache:Cache")
                .doesNotContainKey("ElastiCacheTimedOut cache:Cache");
    }

    @Test
    void aCommandThatWouldWaitPastTheClientsTimeoutFailsAsTheClientWouldAndIsNotSent() {
        throughput = new CacheThroughput("Cache", 100, System::nanoTime);
        CacheThrottle.enforce(throughput, CLIENT_TIMEOUT);
        throughput.reserve(170); // other clients' burst: 0.7 s of the maximum queued ahead, more than the client's 0.5
        var sync = redis.get().sync();

        assertThatThrownBy(() -> sync.set("late", "v")).isInstanceOf(RedisCommandTimeoutException.class)
                .hasMessageContaining("ECPU/s");
        assertThat(throughput.throttles()).containsEntry("ElastiCacheTimedOut cache:Cache", 1L);
        CacheThrottle.stop();
        assertThat(sync.exists("late")).isZero();
    }

    @Test
    void aReplyLargerThanItsRequestIsChargedOnceItHasArrived() {
        throughput = new CacheThroughput("Cache", 100, () -> 0L); // a stopped clock: the second never refills
        CacheThrottle.enforce(throughput, CLIENT_TIMEOUT);
        var sync = redis.get().sync();
        String key = "throttle:reply:" + java.util.UUID.randomUUID();
        String value = "x".repeat(30 * 1024);

        sync.set(key, value); // about 31 ECPUs: 30 KiB sent
        assertThat(sync.get(key)).hasSize(value.length()); // 1 reserved for the request, then the reply's 30

        // of the second's 100 ECPUs about 62 are gone, so 50 more must wait; had the reply cost nothing, 32 would be
        assertThat(throughput.reserve(50)).isPositive();
    }

    @Test
    void withoutEnforcementNothingIsHeld() {
        var sync = redis.get().sync();
        for (int i = 0; i < 200; i++) {
            sync.set("free:" + i, "v");
        }
        assertThat(sync.get("free:199")).isEqualTo("v");
    }
}
