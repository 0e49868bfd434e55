package com.scaleout.warehouse.domain;

/**
 * The columns every row has besides the record's fields, named as Stitch names them in a destination, so that
 * queries written for Stitch's warehouses work here.
 */
public enum SystemColumn {
    /** The record's sequence: the greatest one per key is the current version. */
    SEQUENCE("_sdc_sequence", StoredType.BIGINT),
    /** When the import API's store wrote the record (to the second); null for changes logged before it was kept. */
    RECEIVED_AT("_sdc_received_at", StoredType.TIMESTAMP),
    /** When the loader wrote the row's file. */
    BATCHED_AT("_sdc_batched_at", StoredType.TIMESTAMP),
    /** The record's position in its table's change log (1, 2, 3, ...): which file holds it, and the order applied. */
    POSITION("_sdc_log_position", StoredType.BIGINT),
    /**
     * Fields that got no column of their own (past {@link WarehouseSchema#MAX_COLUMNS}), as a JSON object: nothing
     * accepted is dropped. Null in almost every row.
     */
    OVERFLOW("_sdc_overflow", StoredType.VARCHAR);

    private final String columnName;
    private final StoredType stored;

    SystemColumn(String columnName, StoredType stored) {
        this.columnName = columnName;
        this.stored = stored;
    }

    public String columnName() {
        return columnName;
    }

    public StoredType stored() {
        return stored;
    }
}
