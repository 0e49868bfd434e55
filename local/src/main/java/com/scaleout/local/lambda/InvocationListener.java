package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The runtime's one hook for what follows function invocations (the bench module's cost meter, the runtime's fault
 * marks). It hears of
 * each execution environment as it is initialized, and of each invocation there; what it reports ends up in the
 * invocation's {@code REPORT} line. The runtime takes the listeners found on its classpath ({@link #fromClasspath()});
 * without any, a {@code REPORT} line has the duration and memory only.
 */
public interface InvocationListener {
    /** Hears nothing, adds nothing. */
    InvocationListener NONE = function -> new EnvironmentListener() {
    };

    /** An execution environment of {@code function} was initialized: what hears of its invocations. */
    EnvironmentListener environmentStarted(FunctionSpec function);

    /** The invocations of one execution environment, which runs one at a time. */
    interface EnvironmentListener {
        /** An invocation starts, on the invoking thread. */
        default void invocationStarting() {
        }

        /**
         * On the invocation's own thread, just before the handler runs: that thread, and the threads it starts (a
         * handler's own pool, created in its first invocation), work for this environment until {@link #handlerLeft()}.
         */
        default void handlerEntering() {
        }

        /** On the invocation's own thread, once the handler has returned or thrown. */
        default void handlerLeft() {
        }

        /** The invocation ended, {@code elapsedMillis} after it started (on the invoking thread). */
        default Report invocationEnded(double elapsedMillis) {
            return Report.NOTHING;
        }
    }

    /**
     * What a listener says of one invocation.
     *
     * @param listenerMillis time the listener itself spent during the invocation, which is not the function's
     * @param summary        added to the invocation's {@code REPORT} line; empty for nothing
     */
    record Report(double listenerMillis, String summary) {
        public static final Report NOTHING = new Report(0, "");
    }

    /** This listener, then {@code other}, heard as one. */
    default InvocationListener and(InvocationListener other) {
        return new InvocationListeners(List.of(this, other));
    }

    /** The listeners found on the classpath ({@link ServiceLoader}), as one. */
    static InvocationListener fromClasspath() {
        var found = ServiceLoader.load(InvocationListener.class, InvocationListener.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList();
        return found.isEmpty() ? NONE : found.size() == 1 ? found.getFirst() : new InvocationListeners(List.copyOf(found));
    }
}
