package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a request's fault mark ({@link #HEADER}, see the gate's {@code LostAnswers}) is while it is served: on the
 * gateway's thread that invokes its function ({@link #marking}), then, as this runtime's {@link InvocationListener},
 * on the environment's thread that runs the handler and on every thread the handler starts meanwhile (inheritable, as
 * the SDK calls made through {@code ConcurrentCalls} are), so that {@link FaultMarkInterceptor} can put it on each AWS
 * call the request causes. A request without the header leaves no mark: its calls are under the fault on every call
 * only.
 */
public final class FaultMarks implements InvocationListener {
    /**
     * The header that puts a request, and the AWS calls made serving it, under a fault of its own: its value names
     * the fault ({@code LostAnswers.loseForMarkedRequests}).
     */
    public static final String HEADER = "x-scaleout-fault";
    private static final InheritableThreadLocal<String> MARK = new InheritableThreadLocal<>();

    /** The mark of the request being served on this thread; null for none. */
    static String current() {
        return MARK.get();
    }

    /** A request's invocation, which may fail as invocations do. */
    @FunctionalInterface
    public interface Invocation<T, E extends Exception> {
        T call() throws E;
    }

    /** Runs {@code invocation} (the request's function) with the request's mark, if its headers carry one. */
    public static <T, E extends Exception> T marking(Map<String, List<String>> headers, Invocation<T, E> invocation)
            throws E {
        String mark = markOf(headers);
        if (mark == null) {
            return invocation.call();
        }
        MARK.set(mark);
        try {
            return invocation.call();
        } finally {
            MARK.remove();
        }
    }

    /** The header's value, its name in any case, as a request's headers came. */
    static String markOf(Map<String, List<String>> headers) {
        var byName = new TreeMap<String, List<String>>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(headers);
        List<String> values = byName.get(HEADER);
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    @Override
    public EnvironmentListener environmentStarted(FunctionSpec function) {
        return new EnvironmentListener() {
            /** Set on the invoking thread, read on the handler's: an environment runs one invocation at a time. */
            private volatile String invocationMark;

            @Override
            public void invocationStarting() {
                invocationMark = MARK.get();
            }

            @Override
            public void handlerEntering() {
                if (invocationMark != null) {
                    MARK.set(invocationMark);
                }
            }

            @Override
            public void handlerLeft() {
                MARK.remove();
            }
        };
    }
}
