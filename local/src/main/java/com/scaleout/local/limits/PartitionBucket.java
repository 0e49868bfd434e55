package com.scaleout.local.limits;

/**
 * One partition's throughput: DynamoDB lets a partition serve {@code readUnits} read units or {@code writeUnits}
 * write units per second, or a linear combination of both, so the bucket counts in seconds of the partition's
 * capacity: a read unit is {@code 1 / readUnits} of it. It holds at most one second (a partition has no burst beyond
 * its hard limit), refills at one second per second, and may go into debt: a call is let in while anything is left
 * and charged its exact units once they are known (a read's size is known only after it), as DynamoDB charges a
 * query's units after it has run.
 */
final class PartitionBucket {
    private static final double NANOS_PER_SECOND = 1_000_000_000d;
    /** Below this, what is left is rounding: ten tenths of a second use the second up. */
    private static final double NOTHING = 1e-9;

    private final double readUnits;
    private final double writeUnits;
    private double seconds = 1;
    private long refilledAt;

    PartitionBucket(double readUnits, double writeUnits, long now) {
        this.readUnits = readUnits;
        this.writeUnits = writeUnits;
        this.refilledAt = now;
    }

    /** True while the partition has capacity left this instant. */
    synchronized boolean admits(long now) {
        refill(now);
        return seconds > NOTHING;
    }

    synchronized void charge(double read, double write, long now) {
        refill(now);
        seconds -= read / readUnits + write / writeUnits;
    }

    /** Full again: nothing to remember about it. */
    synchronized boolean idle(long now) {
        refill(now);
        return seconds >= 1 - NOTHING;
    }

    private void refill(long now) {
        if (now > refilledAt) {
            seconds = Math.min(1, seconds + (now - refilledAt) / NANOS_PER_SECOND);
            refilledAt = now;
        }
    }
}
