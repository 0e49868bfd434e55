package com.scaleout.functions.imports.domain;

/**
 * What the change log knows of a table: the position of its last change (0 before the first), how many distinct
 * keys it stores ({@code rows}), the highest sequence applied, and its columns.
 */
public record TableStatistics(ImportedTable table, long lastPosition, long rows, long lastSequence,
                              Columns columns) {

    /** A table with nothing logged yet. */
    public static TableStatistics empty(ImportedTable table) {
        return new TableStatistics(table, 0, 0, Long.MIN_VALUE, Columns.NONE);
    }
}
