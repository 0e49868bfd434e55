package com.scaleout.warehouse.application;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.util.Optional;

/** Per imported table: how far its change log is in the warehouse, and the schema of its files. */
public interface WarehouseState {

    /** A table's state; {@code loadedPosition} 0 before its first file. */
    record TableState(long loadedPosition, WarehouseSchema schema, long rows, long files) {
        public static final TableState NONE = new TableState(0, WarehouseSchema.empty(), 0, 0);
    }

    Optional<TableState> read(ImportedTable table);

    /**
     * Records that the file of positions {@code from + 1 .. to} is written, with the schema grown to hold it, when
     * the table is still loaded up to {@code from}; false when another load moved it meanwhile.
     */
    boolean advance(ImportedTable table, long from, long to, WarehouseSchema schema, long rows);

    /** Every table of one client with its state, for listings. */
    java.util.Map<String, TableState> tablesOf(long clientId);
}
