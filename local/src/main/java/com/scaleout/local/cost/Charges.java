package com.scaleout.local.cost;

import java.util.List;

/**
 * The capacity units one DynamoDB call consumed, by the partition that served them: a table's or a global index's
 * partition key value (DynamoDB's per-partition limits apply to each), or the whole table for a Scan.
 */
public record Charges(List<Charge> charges) {
    public static final Charges NONE = new Charges(List.of());

    public Charges {
        charges = List.copyOf(charges);
    }

    /**
     * A partition key value of a table ({@code index} null) or of one of its global indexes; {@code key} null for a
     * call spread over all of them (a Scan).
     */
    public record Partition(String table, String index, String key) {
        /** How AWS names the resource in a throttling reason's ARN suffix: {@code table/T} or {@code table/T/index/I}. */
        public String resource() {
            return "table/" + table + (index == null ? "" : "/index/" + index);
        }
    }

    /** Read and write units taken from one partition. */
    public record Charge(Partition partition, double read, double write) {
    }

    /** The call's units, summed. */
    public CapacityCalculator.Units total() {
        double read = 0;
        double write = 0;
        for (Charge charge : charges) {
            read += charge.read();
            write += charge.write();
        }
        return new CapacityCalculator.Units(read, write);
    }
}
