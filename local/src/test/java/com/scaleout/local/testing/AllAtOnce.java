package com.scaleout.local.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Calls started together, each on a thread of its own released by one latch: the widest race a test can make. */
public final class AllAtOnce {
    private AllAtOnce() {
    }

    /** The results of {@code calls}, in their order, once every one has returned (a failure fails the whole). */
    public static <T> List<T> run(List<? extends Callable<T>> calls) throws Exception {
        var start = new CountDownLatch(1);
        var results = new ArrayList<T>();
        try (var pool = Executors.newFixedThreadPool(calls.size())) {
            var futures = new ArrayList<Future<T>>();
            for (var call : calls) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            for (var future : futures) {
                results.add(future.get());
            }
        }
        return results;
    }

    /** {@code times} calls of the same work. */
    public static <T> List<T> run(int times, Callable<T> call) throws Exception {
        return run(java.util.Collections.nCopies(times, call));
    }
}
