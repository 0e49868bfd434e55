package com.scaleout.local.limits;

/**
 * An on-demand table's (or global index's) capacity as a whole: each second it serves at once up to twice its
 * previous peak (a new table's peak counts as half of 12,000 read or 4,000 write units), never beyond the account's
 * per-table quota (40,000 each), reads and writes in linear combination; each second's consumption that sets a new
 * peak raises what the next seconds serve ("DynamoDB on-demand capacity mode", "Initial throughput and scaling
 * properties"). Past the quota the refusal is the account limit's; below it, the table's partitions that have not
 * split yet for the new peak.
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

    /** Null while the table has capacity left this second, else the limit that refuses a read or a write. */
    synchronized Throttle.Limit refusal(boolean write, long now) {
        roll(now);
        double readAllowed = readAllowed();
        double writeAllowed = writeAllowed();
        if (readThisSecond / readAllowed + writeThisSecond / writeAllowed < 1) {
            return null;
        }
        boolean atQuota = write ? writeAllowed >= limits.tableWriteUnits() : readAllowed >= limits.tableReadUnits();
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
