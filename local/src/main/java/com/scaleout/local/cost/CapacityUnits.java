package com.scaleout.local.cost;

import java.util.Collection;

/**
 * DynamoDB's arithmetic of capacity units, as "DynamoDB read and write operations" (developer guide) states it.
 * Reads: 4 KB units, a strongly consistent unit is 1 read unit, an eventually consistent one half; a GetItem or each
 * item of a BatchGetItem is rounded up on its own, a Query or Scan sums the sizes of the items it read and rounds
 * once; a read of nothing still costs one unit. Writes: 1 KB units of the larger of the item before and after, at
 * least 1. Transactions cost double.
 */
public final class CapacityUnits {
    static final long READ_UNIT_BYTES = 4096;
    static final long WRITE_UNIT_BYTES = 1024;

    private CapacityUnits() {
    }

    /** One item read on its own (GetItem, an item of a BatchGetItem): 4 KB units, at least one. */
    public static double read(long bytes, boolean consistent) {
        return units(bytes, READ_UNIT_BYTES) * (consistent ? 1.0 : 0.5);
    }

    /** The items one Query or Scan page read (before any filter): their sizes summed, then rounded up. */
    public static double readSummed(Collection<Long> itemBytes, boolean consistent) {
        return read(itemBytes.stream().mapToLong(Long::longValue).sum(), consistent);
    }

    /** A transactional read: twice a strongly consistent one. */
    public static double transactionalRead(long bytes) {
        return 2 * read(bytes, true);
    }

    /** A write of an item that was {@code before} bytes and is {@code after} bytes (0 for none). */
    public static double write(long before, long after) {
        return units(Math.max(before, after), WRITE_UNIT_BYTES);
    }

    /** A write inside TransactWriteItems: twice a plain one. */
    public static double transactionalWrite(long before, long after) {
        return 2 * write(before, after);
    }

    private static long units(long bytes, long unit) {
        return Math.max(1, (bytes + unit - 1) / unit);
    }
}
