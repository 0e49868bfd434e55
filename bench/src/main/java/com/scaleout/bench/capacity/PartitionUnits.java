package com.scaleout.bench.capacity;

/**
 * The DynamoDB capacity units one request took from one partition: a table's ({@code index} null) or a global
 * index's partition key value, shown as its pattern ({@link KeyPatterns}); {@code async}: taken by the stream
 * consumers the request caused, not by the route's own function.
 */
public record PartitionUnits(String table, String index, String key, double read, double write, boolean async) {

    /** How AWS names the resource: {@code table/T} or {@code table/T/index/I}. */
    public String resource() {
        return "table/" + table + (index == null ? "" : "/index/" + index);
    }

    /** A Scan's units are spread over every partition of the table: no one key takes them. */
    public boolean keyed() {
        return !KeyPatterns.SCAN.equals(key);
    }
}
