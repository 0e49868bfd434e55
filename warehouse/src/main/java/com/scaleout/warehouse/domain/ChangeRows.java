package com.scaleout.warehouse.domain;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.shared.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * A run of a table's change log as rows, and the schema grown to hold them: what one file of the warehouse is.
 *
 * @param schema the table's schema after these rows
 */
public record ChangeRows(WarehouseSchema schema, List<WarehouseRow> rows) {
    public ChangeRows {
        rows = List.copyOf(rows);
    }

    /** The changes (in log order) as rows of {@code before} grown by their fields, batched at {@code batchedAt}. */
    public static ChangeRows of(WarehouseSchema before, List<LoggedChange> changes, Instant batchedAt) {
        return of(before, changes, batchedAt, DeclaredTypes.NONE);
    }

    /** As above, each value typed as {@code declared} says (see {@link DeclaredTypes}). */
    public static ChangeRows of(WarehouseSchema before, List<LoggedChange> changes, Instant batchedAt,
                                DeclaredTypes declared) {
        var data = new ArrayList<ObjectNode>(changes.size());
        List<String> keyNames = List.of();
        for (LoggedChange change : changes) {
            data.add(object(change.dataJson(), change));
            if (keyNames.isEmpty()) {
                var names = new ArrayList<String>();
                object(change.keyJson(), change).fieldNames().forEachRemaining(names::add);
                keyNames = names;
            }
        }
        WarehouseSchema schema = before.with(keyNames, data, declared);
        var rows = new ArrayList<WarehouseRow>(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            rows.add(row(schema, changes.get(i), data.get(i), batchedAt, declared));
        }
        return new ChangeRows(schema, rows);
    }

    private static WarehouseRow row(WarehouseSchema schema, LoggedChange change, ObjectNode data, Instant batchedAt,
                                    DeclaredTypes declared) {
        var values = new HashMap<Column, JsonNode>();
        ObjectNode overflow = null;
        for (var field : data.properties()) {
            var type = declared.typeOf(field.getKey(), field.getValue());
            if (type.isEmpty()) {
                continue;
            }
            var column = schema.column(field.getKey(), type.get());
            if (column.isPresent()) {
                values.put(column.get(), field.getValue());
            } else {
                if (overflow == null) {
                    overflow = Json.MAPPER.createObjectNode();
                }
                overflow.set(field.getKey(), field.getValue());
            }
        }
        return new WarehouseRow(change.position(), change.sequence(), change.receivedAt(), batchedAt, values,
                overflow);
    }

    /** The log holds what the import API accepted and stored: JSON objects. Anything else is a broken log. */
    private static ObjectNode object(String json, LoggedChange change) {
        try {
            JsonNode node = Json.MAPPER.readTree(json);
            if (node instanceof ObjectNode object) {
                return object;
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("change " + change.position() + " of the log is not JSON", e);
        }
        throw new IllegalStateException("change " + change.position() + " of the log is not a JSON object");
    }
}
