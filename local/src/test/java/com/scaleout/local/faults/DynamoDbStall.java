package com.scaleout.local.faults;

import com.scaleout.local.lambda.FunctionPool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.AbortedException;

/**
 * A function killed in the middle of its work, as a Lambda timeout kills it. Armed for a function, the first
 * {@code callsFirst} DynamoDB data calls of its invocations go through, and the next one is held until the runtime
 * gives up on the invocation (its timeout) and interrupts it. That call is never sent, and nothing the killed
 * invocation tries afterwards reaches DynamoDB: in Lambda its environment is gone. The stall is then over for the
 * function, so the runtime's replay of the batch runs undisturbed. Calls are told apart by the name of the
 * invocation's thread ({@link FunctionPool#threadNamePrefix}); seen through {@link StallingInterceptor}. Off unless
 * a test arms it, so every other test on the classpath runs undisturbed.
 */
public final class DynamoDbStall {
    /** A hold that outlasts this was not ended by a timeout: the call goes through and the kill never happens. */
    private static final Duration LONGEST_HOLD = Duration.ofSeconds(30);
    private static final Duration LONGEST_SNAPSHOT = Duration.ofSeconds(20);
    private static final Map<String, Kill> ARMED = new ConcurrentHashMap<>();
    private static final Set<Thread> KILLED = ConcurrentHashMap.newKeySet();

    private DynamoDbStall() {
    }

    /**
     * Kills the next invocation of {@code function} at its DynamoDB call number {@code callsFirst + 1}; just before
     * holding that call, takes {@code snapshot} (on another thread), to show what the invocation had done by then.
     */
    public static Kill arm(String function, int callsFirst, Supplier<?> snapshot) {
        var kill = new Kill(function, callsFirst, snapshot);
        ARMED.put(function, kill);
        return kill;
    }

    /** Disarms every function not killed yet (a test's clean-up). */
    public static void disarmAll() {
        ARMED.clear();
    }

    /** One planned kill, and what was seen of it. */
    public static final class Kill {
        private final String function;
        private final int callsFirst;
        private final Supplier<?> snapshot;
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicBoolean holding = new AtomicBoolean();
        private final List<String> passed = Collections.synchronizedList(new ArrayList<>());
        private final CompletableFuture<Object> killed = new CompletableFuture<>();

        private Kill(String function, int callsFirst, Supplier<?> snapshot) {
            this.function = function;
            this.callsFirst = callsFirst;
            this.snapshot = snapshot;
        }

        /** Waits for the kill; returns the snapshot taken while the killed invocation's call was held. */
        public Object awaitKill(Duration atMost) throws InterruptedException, ExecutionException, TimeoutException {
            return killed.get(atMost.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** The operations of the calls that went through, in the killed invocation and any before it. */
        public List<String> callsBeforeKill() {
            synchronized (passed) {
                return List.copyOf(passed);
            }
        }
    }

    /** A DynamoDB call is about to be made on the current thread. */
    static void beforeCall(String serviceName, String operation) {
        if (!"DynamoDb".equals(serviceName) || !DynamoDbThrottling.DATA_OPERATIONS.contains(operation)) {
            return;
        }
        Thread thread = Thread.currentThread();
        if (KILLED.contains(thread)) {
            throw AbortedException.builder().message("the invocation was killed (timeout)").build();
        }
        Kill kill = armedFor(thread.getName());
        if (kill == null) {
            return;
        }
        if (kill.calls.incrementAndGet() <= kill.callsFirst) {
            kill.passed.add(operation);
            return;
        }
        if (!kill.holding.compareAndSet(false, true)) {
            return; // another invocation is being killed; one kill per arming
        }
        Object state = snapshotOn(kill);
        if (holdUntilInterrupted()) {
            KILLED.add(thread);
            ARMED.remove(kill.function, kill);
            kill.killed.complete(state);
            throw AbortedException.builder().message("the invocation was killed (timeout)").build();
        }
        ARMED.remove(kill.function, kill);
        kill.killed.completeExceptionally(new IllegalStateException(kill.function + " was not killed within "
                + LONGEST_HOLD + ": is its timeout shorter?"));
    }

    private static Kill armedFor(String threadName) {
        for (Kill kill : ARMED.values()) {
            if (threadName.startsWith(FunctionPool.threadNamePrefix(kill.function))) {
                return kill;
            }
        }
        return null;
    }

    /**
     * The snapshot, taken on a thread of its own so that the function's interruption cannot cut it short; the
     * interruption, if it comes meanwhile, is kept for the hold.
     */
    private static Object snapshotOn(Kill kill) {
        var taken = CompletableFuture.supplyAsync(kill.snapshot::get,
                command -> Thread.ofVirtual().start(command));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return taken.get(LONGEST_SNAPSHOT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException | TimeoutException e) {
                    return e;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True when the runtime interrupted the hold (the invocation timed out); false if it ran out first. */
    private static boolean holdUntilInterrupted() {
        try {
            Thread.sleep(LONGEST_HOLD);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
