package com.scaleout.warehouse.testing;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.application.WarehouseState;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The warehouse's state in memory, with the conditional advance; its next advance can be made to fail. */
public final class InMemoryWarehouseState implements WarehouseState {
    private final Map<ImportedTable, TableState> tables = new HashMap<>();
    private boolean failNextAdvance;

    /** The next advance throws, as a write that failed after the file was stored. */
    public void failNextAdvance() {
        failNextAdvance = true;
    }

    @Override
    public Optional<TableState> read(ImportedTable table) {
        return Optional.ofNullable(tables.get(table));
    }

    @Override
    public boolean advance(ImportedTable table, long from, long to, WarehouseSchema schema, long rows) {
        if (failNextAdvance) {
            failNextAdvance = false;
            throw new IllegalStateException("the state's write failed");
        }
        var current = tables.getOrDefault(table, TableState.NONE);
        if (current.loadedPosition() != from) {
            return false;
        }
        tables.put(table, new TableState(to, schema, current.rows() + rows, current.files() + 1));
        return true;
    }

    @Override
    public Map<String, TableState> tablesOf(long clientId) {
        var of = new HashMap<String, TableState>();
        tables.forEach((table, state) -> {
            if (table.clientId() == clientId) {
                of.put(table.name(), state);
            }
        });
        return of;
    }
}
