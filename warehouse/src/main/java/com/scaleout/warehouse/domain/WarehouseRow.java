package com.scaleout.warehouse.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;

/**
 * One change as a row: the record's values by column, its system columns, and the fields that got no column.
 *
 * @param receivedAt null when the change log does not know it
 * @param overflow   null when every field has a column
 */
public record WarehouseRow(long position, long sequence, Instant receivedAt, Instant batchedAt,
                           Map<Column, JsonNode> values, ObjectNode overflow) {
    public WarehouseRow {
        values = Map.copyOf(values);
    }
}
