package com.scaleout.local.testing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;

/**
 * Independent scenarios of one test class run side by side on its stack, as its tests mostly wait (on streams'
 * folds, on sign-ups): at most {@code places} at a time, each on a thread of its own, and those that must run alone
 * (they empty the stores) one after another once the rest are done. Each test then waits for its own scenario
 * ({@link #outcome}), so a failure is still reported where it belongs.
 */
public final class ScenariosAtOnce {
    private ScenariosAtOnce() {
    }

    /** One scenario. */
    @FunctionalInterface
    public interface Scenario<K> {
        void run(K key) throws Exception;
    }

    /** A scenario's run, bound to its key. */
    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    /** Starts a scenario per key; the runs by key, in the keys' order. */
    public static <K> Map<K, CompletableFuture<Void>> start(List<K> keys, Predicate<K> alone, int places,
                                                           Scenario<K> scenario) {
        var free = new Semaphore(places);
        var runs = new LinkedHashMap<K, CompletableFuture<Void>>();
        for (K key : keys) {
            if (!alone.test(key)) {
                runs.put(key, after(CompletableFuture.completedFuture(null), () -> {
                    free.acquire();
                    try {
                        scenario.run(key);
                    } finally {
                        free.release();
                    }
                }));
            }
        }
        CompletableFuture<?> previous = CompletableFuture.allOf(runs.values().toArray(CompletableFuture[]::new));
        for (K key : keys) {
            if (alone.test(key)) {
                var run = after(previous, () -> scenario.run(key));
                runs.put(key, run);
                previous = run;
            }
        }
        var inKeysOrder = new LinkedHashMap<K, CompletableFuture<Void>>();
        keys.forEach(key -> inKeysOrder.put(key, runs.get(key)));
        return inKeysOrder;
    }

    /** Waits for a scenario's end: its failure, if any, is thrown as it was. */
    public static void outcome(CompletableFuture<?> run) throws Throwable {
        try {
            run.get();
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }

    /** {@code work} on a thread of its own once {@code first} has ended (however it ended). */
    private static CompletableFuture<Void> after(CompletableFuture<?> first, Work work) {
        var done = new CompletableFuture<Void>();
        first.whenComplete((ignored, failure) -> Thread.ofVirtual().name("scenario").start(() -> {
            try {
                work.run();
                done.complete(null);
            } catch (Throwable failed) {
                done.completeExceptionally(failed);
            }
        }));
        return done;
    }
}
