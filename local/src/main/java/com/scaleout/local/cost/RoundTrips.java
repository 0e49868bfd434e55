package com.scaleout.local.cost;

/**
 * Counts the Redis round trips of one invocation: the points where its code waits for the network. A round trip
 * begins with the first command, and a new one begins when a command starts after some command of this invocation
 * completed since the current round trip began: the caller waited for that reply before sending more. Commands
 * sent together (a pipeline, or several async commands before any reply) share one round trip; N blocking commands
 * one after another are N. A pipeline's commands are queued with auto-flush off and sent by one flush, so none
 * completes before the last is queued: one trip (a chunked pipeline, one per chunk awaited).
 */
public final class RoundTrips {
    private int trips;
    private boolean completedSinceTripBegan = true;

    /** A command of this invocation is sent (queued for sending). */
    public synchronized void commandStarted() {
        if (completedSinceTripBegan) {
            trips++;
            completedSinceTripBegan = false;
        }
    }

    /** A command of this invocation has its reply (or failed). */
    public synchronized void commandCompleted() {
        completedSinceTripBegan = true;
    }

    public synchronized int count() {
        return trips;
    }
}
