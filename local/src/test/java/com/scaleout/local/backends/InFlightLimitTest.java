package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InFlightLimitTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private final InFlightLimit limit = new InFlightLimit(1, 3);
    private final List<String> order = new CopyOnWriteArrayList<>();

    /** A thread that gets in, notes its name, stays until {@code release} and leaves. */
    private Thread request(String name, CountDownLatch release) {
        return Thread.ofPlatform().start(() -> {
            try {
                if (limit.acquire(LONG) == null) {
                    order.add(name);
                    release.await(30, TimeUnit.SECONDS);
                    limit.release();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Test
    void requestsGoInTheOrderTheyCame() throws Exception {
        var release = new CountDownLatch(1);
        var threads = new java.util.ArrayList<Thread>();
        threads.add(request("first", release));
        await().atMost(LONG).until(() -> order.size() == 1);
        for (String name : List.of("second", "third", "fourth")) {
            threads.add(request(name, release));
            int waiting = threads.size() - 1;
            await().atMost(LONG).until(() -> limit.waiting() == waiting);
        }
        release.countDown();
        for (var thread : threads) {
            thread.join(30_000);
        }

        assertThat(order).containsExactly("first", "second", "third", "fourth");
    }

    @Test
    void aRequestThatWouldWaitPastItsDeadlineOrBehindAFullQueueIsRefused() throws Exception {
        var release = new CountDownLatch(1);
        var threads = new java.util.ArrayList<Thread>();
        threads.add(request("in", release));
        await().atMost(LONG).until(() -> order.size() == 1);

        assertThat(limit.acquire(Duration.ofMillis(50))).isEqualTo(InFlightLimit.Refusal.DEADLINE);
        assertThat(limit.waiting()).as("it left the line").isZero();
        for (int i = 0; i < 3; i++) {
            threads.add(request("waiting " + i, release));
        }
        await().atMost(LONG).until(() -> limit.waiting() == 3);
        assertThat(limit.acquire(LONG)).isEqualTo(InFlightLimit.Refusal.QUEUE_FULL);

        release.countDown();
        for (var thread : threads) {
            thread.join(30_000);
        }
        assertThat(order).hasSize(4);
        assertThat(limit.acquire(Duration.ZERO)).as("free again").isNull();
    }
}
