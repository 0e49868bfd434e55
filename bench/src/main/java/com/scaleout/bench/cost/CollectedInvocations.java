package com.scaleout.bench.cost;

import java.util.ArrayList;
import java.util.List;

/** The invocations that end while this is open, in order, for a caller that takes them in batches. */
public final class CollectedInvocations implements Meters.InvocationListener, AutoCloseable {
    private final List<Meters.Invocation> invocations = new ArrayList<>();

    private CollectedInvocations() {
    }

    public static CollectedInvocations start() {
        var collected = new CollectedInvocations();
        Meters.addListener(collected);
        return collected;
    }

    @Override
    public synchronized void ended(Meters.Invocation invocation) {
        invocations.add(invocation);
    }

    /** The invocations collected since the last drain, which are forgotten. */
    public synchronized List<Meters.Invocation> drain() {
        var taken = List.copyOf(invocations);
        invocations.clear();
        return taken;
    }

    @Override
    public void close() {
        Meters.removeListener(this);
    }
}
