package com.scaleout.local.iam.environment;

import java.util.function.Consumer;

/** Code of a function, for tests that load it in an execution environment: runs what it is given as its own. */
public final class InEnvironment implements Consumer<Runnable> {
    @Override
    public void accept(Runnable call) {
        call.run();
    }
}
