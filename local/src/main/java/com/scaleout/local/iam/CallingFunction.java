package com.scaleout.local.iam;

import com.scaleout.local.lambda.EnvironmentClassLoader;
import java.util.Optional;

/**
 * Which function is making an AWS call: the nearest frame on the calling thread's stack whose class an execution
 * environment's {@link EnvironmentClassLoader} loaded. No such frame means the runtime itself is calling (creating
 * tables, polling streams), which no function's role governs.
 */
final class CallingFunction {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private CallingFunction() {
    }

    static Optional<String> onThisThread() {
        return WALKER.walk(frames -> frames
                .map(frame -> frame.getDeclaringClass().getClassLoader())
                .filter(EnvironmentClassLoader.class::isInstance)
                .map(loader -> ((EnvironmentClassLoader) loader).functionName())
                .findFirst());
    }
}
