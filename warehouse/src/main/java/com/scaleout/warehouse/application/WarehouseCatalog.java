package com.scaleout.warehouse.application;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.time.LocalDate;

/**
 * The catalog that query engines other than the loader's read a table's columns and files from (Glue's, for
 * Athena). It follows the schema: the loader publishes a table before the state that records its first file, and
 * again whenever a file grows its schema.
 */
public interface WarehouseCatalog {

    /** No catalog (tests of the loader alone). */
    WarehouseCatalog NONE = (table, schema, firstDay) -> {
    };

    /**
     * Creates the table's entry or updates it to {@code schema}; its files' days start at {@code firstDay} or at
     * the day it already starts from, whichever is earlier. Publishing the same schema again changes nothing.
     */
    void publish(ImportedTable table, WarehouseSchema schema, LocalDate firstDay);
}
