package com.scaleout.bench.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Counts the Redis round trips of one invocation: the network exchanges it waits through. A round trip begins when
 * a command is sent while none of this invocation's commands is in flight; commands sent while others still await
 * their replies share it. So N blocking commands one after another are N round trips, a pipeline of N (queued with
 * auto-flush off, sent by one flush) is one, and async commands written one by one before their replies are read
 * are one as long as they overlap. A command sent after every earlier reply came back starts a new exchange even if
 * the caller did not block for those replies: the network made two exchanges all the same.
 *
 * <p>Whether a command is still in flight is asked of the command itself when the next one starts: Lettuce tells its
 * listeners of a completion only after it has completed the caller's future, so a blocking caller can send its next
 * command before that notice arrives.
 */
public final class RoundTrips {
    private final List<BooleanSupplier> inFlight = new ArrayList<>();
    private int trips;

    /** A command of this invocation is sent (queued for sending); {@code done} tells when its reply is in. */
    public synchronized void commandStarted(BooleanSupplier done) {
        inFlight.removeIf(BooleanSupplier::getAsBoolean);
        if (inFlight.isEmpty()) {
            trips++;
        }
        inFlight.add(done);
    }

    public synchronized int count() {
        return trips;
    }
}
