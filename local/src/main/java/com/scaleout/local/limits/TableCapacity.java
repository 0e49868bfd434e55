package com.scaleout.local.limits;

/**
 * An on-demand table's (or global index's) capacity as a whole, reads and writes apart: each second it serves at
 * once up to twice its previous peak of each (a new table's peak counts as half of 12,000 read and 4,000 write units),
 * never beyond the account's per-table quotas (40,000 each) ("DynamoDB on-demand capacity mode", "Initial throughput
 * and scaling properties"). Past the quota the refusal is the account limit's; below it, the table's partitions that
 * have not split yet for the new peak. More lenient than AWS in one way: a second's consumption is the new peak at
 * once, where AWS spreads growth past twice the peak over 30 minutes.
 */
final class TableCapacity {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final AwsLimits limits;
    private long second;
    private double readThisSecond;
    private double writeThisSecond;
    private double readPeak;
    private double writePeak;

    TableCapacity(AwsLimits limits, long now) {
        this.limits = limits;
        this.second = now / NANOS_PER_SECOND;
        this.readPeak = limits.initialReadUnits() / 2;
        this.writePeak = limits.initialWriteUnits() / 2;
    }

    /** Null while the table has read (or write) capacity left this second, else the limit that refuses it. */
    synchronized Throttle.Limit refusal(boolean write, long now) {
        roll(now);
        double allowed = write ? writeAllowed() : readAllowed();
        if ((write ? writeThisSecond : readThisSecond) < allowed) {
            return null;
        }
        boolean atQuota = allowed >= (write ? limits.tableWriteUnits() : limits.tableReadUnits());
        return atQuota ? Throttle.Limit.ACCOUNT_LIMIT : Throttle.Limit.KEY_RANGE;
    }

    synchronized void charge(double read, double write, long now) {
        roll(now);
        readThisSecond += read;
        writeThisSecond += write;
    }

    private double readAllowed() {
        return Math.min(limits.tableReadUnits(), 2 * readPeak);
    }

    private double writeAllowed() {
        return Math.min(limits.tableWriteUnits(), 2 * writePeak);
    }

    private void roll(long now) {
        long current = now / NANOS_PER_SECOND;
        if (current != second) {
            readPeak = Math.max(readPeak, readThisSecond);
            writePeak = Math.max(writePeak, writeThisSecond);
            readThisSecond = 0;
            writeThisSecond = 0;
            second = current;
        }
    }
}
