package com.scaleout.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.local.testing.SharedBackends;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisFuture;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The production Redis connection, with the meter its ServiceLoader seam finds on this classpath, against the real
 * redis-server: blocking commands are a round trip each, a pipeline one; commands of no invocation are not counted.
 */
class RedisMeterIT {
    private RedisLink redis;
    private final Meters.Slot slot = new Meters.Slot();

    @BeforeEach
    void connect() throws Exception {
        redis = new RedisLink(SharedBackends.get().redisUrl());
        redis.get().sync().ping(); // the connection's set-up, outside any invocation
    }

    @AfterEach
    void close() {
        Meters.unbind();
        redis.close();
    }

    @Test
    void blockingCommandsAreOneRoundTripEach() {
        Meters.bind(slot);
        var meter = slot.begin();
        var sync = redis.get().sync();

        sync.set("meter:a", "1");
        sync.get("meter:a");
        sync.del("meter:a");

        var reading = meter.reading();
        assertThat(reading.redisCommands()).isEqualTo(3);
        assertThat(reading.redisRoundTrips()).isEqualTo(3);
        assertThat(reading.ecpus()).isEqualTo(3);
    }

    @Test
    void aPipelineIsOneRoundTrip() {
        Meters.bind(slot);
        var meter = slot.begin();
        var link = redis.get();
        var futures = new ArrayList<RedisFuture<?>>();
        link.connection().setAutoFlushCommands(false);
        try {
            for (int i = 0; i < 10; i++) {
                futures.add(link.async().set("meter:p" + i, "v"));
            }
            link.connection().flushCommands();
            assertThat(LettuceFutures.awaitAll(Duration.ofSeconds(5), futures.toArray(new RedisFuture<?>[0])))
                    .isTrue();
        } finally {
            link.connection().setAutoFlushCommands(true);
        }
        link.sync().get("meter:p0");

        var reading = meter.reading();
        assertThat(reading.redisCommands()).isEqualTo(11);
        assertThat(reading.redisRoundTrips()).isEqualTo(2);
    }

    @Test
    void aReplyOfManyKilobytesCostsAnEcpuPerKilobyte() {
        redis.get().sync().set("meter:big", "x".repeat(5000));
        Meters.bind(slot);
        var meter = slot.begin();

        redis.get().sync().get("meter:big");

        assertThat(meter.reading().ecpus()).isEqualTo(5); // ~5,000 bytes of reply and a few of request
    }

    @Test
    void commandsOutsideAnInvocationAreNotCounted() {
        var meter = slot.begin(); // not bound to this thread

        redis.get().sync().get("meter:none");

        assertThat(meter.reading().redisCommands()).isZero();
    }
}
