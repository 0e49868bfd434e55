package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class PhaseFairLockTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private final PhaseFairLock lock = new PhaseFairLock(16);
    private final List<String> order = new CopyOnWriteArrayList<>();

    private Thread reader(String name, CountDownLatch release) {
        return holder(name, release, false);
    }

    private Thread writer(String name, CountDownLatch release) {
        return holder(name, release, true);
    }

    /** A thread that takes the lock, notes its name, holds it until {@code release} and lets it go. */
    private Thread holder(String name, CountDownLatch release, boolean write) {
        return Thread.ofPlatform().start(() -> {
            try {
                if ((write ? lock.acquireWrite(LONG) : lock.acquireRead(LONG)) == null) {
                    order.add(name);
                    release.await(30, TimeUnit.SECONDS);
                    if (write) {
                        lock.releaseWrite();
                    } else {
                        lock.releaseRead();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void awaitWaiting(int n) {
        Awaitility.await().atMost(LONG).until(() -> lock.waiting() == n);
    }

    @Test
    void aReadWaitsForTheRunningWriteOnlyNotForTheWritesQueuedBehindIt() throws Exception {
        var go = new CountDownLatch(1);
        var first = writer("write-1", go);
        Awaitility.await().atMost(LONG).until(() -> order.contains("write-1"));
        var second = writer("write-2", new CountDownLatch(0));
        awaitWaiting(1);
        var read = reader("read", new CountDownLatch(0));
        awaitWaiting(2);

        go.countDown();
        for (Thread t : List.of(first, second, read)) {
            t.join(30_000);
        }

        assertThat(order).containsExactly("write-1", "read", "write-2");
    }

    @Test
    void aWriteIsNotStarvedByReadsThatKeepArriving() throws Exception {
        var holdFirstRead = new CountDownLatch(1);
        var firstRead = reader("read-1", holdFirstRead);
        Awaitility.await().atMost(LONG).until(() -> order.contains("read-1"));
        var write = writer("write", new CountDownLatch(0));
        awaitWaiting(1);
        var laterRead = reader("read-2", new CountDownLatch(0));
        awaitWaiting(2);

        holdFirstRead.countDown();
        for (Thread t : List.of(firstRead, write, laterRead)) {
            t.join(30_000);
        }

        assertThat(order).containsExactly("read-1", "write", "read-2");
    }

    @Test
    void aRequestThatWouldWaitPastItsDeadlineOrBehindAFullQueueIsRefused() throws Exception {
        var small = new PhaseFairLock(1);
        assertThat(small.acquireWrite(LONG)).isNull();
        assertThat(small.acquireRead(Duration.ofMillis(20))).isEqualTo(PhaseFairLock.Refusal.DEADLINE);

        var waiter = Thread.ofPlatform().start(() -> {
            try {
                small.acquireWrite(LONG);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Awaitility.await().atMost(LONG).until(() -> small.waiting() == 1);
        assertThat(small.acquireRead(LONG)).isEqualTo(PhaseFairLock.Refusal.QUEUE_FULL);
        assertThat(small.acquireWrite(LONG)).isEqualTo(PhaseFairLock.Refusal.QUEUE_FULL);

        small.releaseWrite();
        waiter.join(30_000);
        assertThat(small.waiting()).isZero();
    }

    @Test
    void aReadThatGaveUpDoesNotHoldBackTheWritesAfterIt() throws Exception {
        assertThat(lock.acquireWrite(LONG)).isNull();
        var refusal = new java.util.concurrent.atomic.AtomicReference<PhaseFairLock.Refusal>();
        var quitter = Thread.ofPlatform().start(() -> {
            try {
                refusal.set(lock.acquireRead(Duration.ofMillis(50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        quitter.join(30_000);
        assertThat(refusal.get()).isEqualTo(PhaseFairLock.Refusal.DEADLINE);
        lock.releaseWrite();

        assertThat(lock.acquireWrite(Duration.ofMillis(50))).isNull();
    }
}
