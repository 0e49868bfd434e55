package com.scaleout.functions.shared.aws;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Independent blocking calls (SDK requests) made at once, so that their latencies overlap instead of adding up, with
 * at most {@code maxInFlight} running; the rest wait for a free place. Built once per execution environment.
 *
 * <p>Each call runs on a virtual thread started by the caller: nothing idles between invocations, and a new thread
 * inherits the caller's inheritable thread-locals, which is how the local runtime's cost meter follows an
 * invocation's work onto the threads it starts. Every call is bounded by the SDK client's own call timeout, so the
 * wait for them is too.
 */
public final class ConcurrentCalls {
    private final Semaphore places;
    private final ExecutorService threads;

    public ConcurrentCalls(String name, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1: " + maxInFlight);
        }
        this.places = new Semaphore(maxInFlight);
        this.threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name + "-", 0).factory());
    }

    /**
     * The calls' results, in the calls' order. The first call to fail (in that order) cancels those still running or
     * waiting and its exception is thrown; an interrupted caller cancels them all.
     */
    public <T> List<T> all(List<? extends Callable<T>> calls) {
        var running = new ArrayList<Future<T>>(calls.size());
        calls.forEach(call -> running.add(threads.submit(() -> bounded(call))));
        try {
            var results = new ArrayList<T>(calls.size());
            for (Future<T> call : running) {
                results.add(call.get());
            }
            return results;
        } catch (ExecutionException e) {
            running.forEach(call -> call.cancel(true));
            throw unchecked(e.getCause());
        } catch (InterruptedException e) {
            running.forEach(call -> call.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for concurrent calls", e);
        }
    }

    private <T> T bounded(Callable<T> call) throws Exception {
        places.acquire();
        try {
            return call.call();
        } finally {
            places.release();
        }
    }

    private static RuntimeException unchecked(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(failure);
    }
}
