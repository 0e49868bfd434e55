package com.scaleout.functions.warehouse.domain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A warehouse table's columns, grown from the data and never changed otherwise: a field seen for the first time
 * adds a nullable column named after it; the same field with a value of another type adds a second column, named
 * {@code <field>__<type suffix>} ({@code price__st}), so a load never fails on a type. Column names are unique
 * without regard to case (Athena's catalog folds them), and no field takes a system column's name.
 *
 * @param keyNames the table's key fields ({@code key_names}), which the current-state view partitions by; empty
 *                 for an append-only table
 */
public record WarehouseSchema(List<String> keyNames, List<Column> columns) {
    /**
     * Columns a table may have; fields past it go to {@link SystemColumn#OVERFLOW}. Athena reads tables of
     * thousands of columns, but a schema has to fit its DynamoDB item (400 KB) with names of up to 255 characters.
     */
    public static final int MAX_COLUMNS = 1_000;

    public WarehouseSchema {
        keyNames = List.copyOf(keyNames);
        columns = List.copyOf(columns);
    }

    public static WarehouseSchema empty() {
        return new WarehouseSchema(List.of(), List.of());
    }

    /** The column that holds {@code field}'s values of {@code type}, if it has one. */
    public Optional<Column> column(String field, ColumnType type) {
        return columns.stream().filter(c -> c.field().equals(field) && c.type() == type).findFirst();
    }

    /** This schema with the key names, when it has none yet, and a column for every field and type of the rows. */
    public WarehouseSchema with(List<String> rowKeyNames, List<? extends JsonNode> rows) {
        return with(rowKeyNames, rows, DeclaredTypes.NONE);
    }

    /**
     * As above, with the declared types: each declared field gets its column first (in the declaration's order,
     * even before it has a value, as Stitch creates them), and each value goes to the column of {@link
     * DeclaredTypes#typeOf its type}.
     */
    public WarehouseSchema with(List<String> rowKeyNames, List<? extends JsonNode> rows, DeclaredTypes declared) {
        var grown = new ArrayList<>(columns);
        Set<String> taken = new HashSet<>();
        columns.forEach(c -> taken.add(folded(c.name())));
        for (SystemColumn system : SystemColumn.values()) {
            taken.add(folded(system.columnName()));
        }
        Set<FieldType> seen = new LinkedHashSet<>();
        declared.types().forEach((field, type) -> seen.add(new FieldType(field, type)));
        for (JsonNode row : rows) {
            row.properties().forEach(field -> declared.typeOf(field.getKey(), field.getValue())
                    .ifPresent(type -> seen.add(new FieldType(field.getKey(), type))));
        }
        for (FieldType seenField : seen) {
            String field = seenField.field();
            ColumnType type = seenField.type();
            if (grown.size() >= MAX_COLUMNS) {
                break;
            }
            if (grown.stream().noneMatch(c -> c.field().equals(field) && c.type() == type)) {
                String name = freeName(field, type, taken);
                taken.add(folded(name));
                grown.add(new Column(name, field, type));
            }
        }
        return new WarehouseSchema(keyNames.isEmpty() ? rowKeyNames : keyNames, grown);
    }

    /** A field with a value of a type, in the order the rows first show it. */
    private record FieldType(String field, ColumnType type) {
    }

    /** The field's own name if free, else suffixed by the type, else numbered as well. */
    private static String freeName(String field, ColumnType type, Set<String> taken) {
        if (!taken.contains(folded(field))) {
            return field;
        }
        String suffixed = field + "__" + type.suffix();
        String name = suffixed;
        for (int n = 2; taken.contains(folded(name)); n++) {
            name = suffixed + n;
        }
        return name;
    }

    private static String folded(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
