package com.scaleout.functions.shared.snapstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.testing.PrimingLog;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The hooks themselves: they never fail a checkpoint or a restore, and say once what went wrong. */
class PrimingTest {

    @Test
    void aWarmUpThatFailsIsLoggedOnceAndTheCheckpointGoesOn() {
        var priming = Priming.register(PrimingTest.class, Optional.empty(), () -> {
            throw new IllegalStateException("DynamoDB unreachable");
        });

        try (var log = new PrimingLog()) {
            assertThatCode(() -> priming.beforeCheckpoint(null)).doesNotThrowAnyException();

            assertThat(log.warnings()).singleElement().asString()
                    .contains("PrimingTest: priming failed").contains("DynamoDB unreachable");
        }
    }

    @Test
    void theWarmUpRunsOncePerCheckpoint() {
        var runs = new AtomicInteger();
        var priming = Priming.register(PrimingTest.class, Optional.empty(), runs::incrementAndGet);

        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        assertThat(runs).hasValue(1);
    }

    @Test
    void aCacheUnreachableWhilePrimingAndAtTheRestoreIsLeftToTheFirstUse() throws IOException {
        try (var redis = new RedisLink("redis://127.0.0.1:" + closedPort());
             var log = new PrimingLog()) {
            var priming = Priming.register(PrimingTest.class, Optional.of(redis), () -> { });

            assertThatCode(() -> priming.beforeCheckpoint(null)).doesNotThrowAnyException();
            assertThatCode(() -> priming.afterRestore(null)).doesNotThrowAnyException();

            assertThat(log.messages()).anyMatch(m -> m.contains("Redis not reachable after the restore"));
            assertThat(log.warnings()).singleElement().asString().contains("the cache did not answer while priming");
            assertThat(redis.reconnect()).isFalse();
        }
    }

    /** A port nothing listens on (bound, then released): a connection is refused at once. */
    private static int closedPort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
