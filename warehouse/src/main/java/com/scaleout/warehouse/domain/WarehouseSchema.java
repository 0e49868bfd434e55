package com.scaleout.warehouse.domain;

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
 * without regard to case (Athena's catalog folds them), valid in Glue whatever the field's name, and no field takes
 * a system column's name or the partition's ({@code dt}).
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
    /**
     * Characters of a field's name kept in its column's name: with a hash, a type suffix and a number the name stays
     * within Glue's 255.
     */
    static final int MAX_NAME_KEPT = 200;
    /** Not a column's name: the day folders' partition key in the catalog ({@code dt}), which Athena adds. */
    public static final String PARTITION = "dt";

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
        taken.add(PARTITION);
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

    /** The field's own name (made a valid column name) if free, else suffixed by the type, else numbered as well. */
    private static String freeName(String field, ColumnType type, Set<String> taken) {
        String base = columnName(field);
        if (!taken.contains(folded(base))) {
            return base;
        }
        String suffixed = base + "__" + type.suffix();
        String name = suffixed;
        for (int n = 2; taken.contains(folded(name)); n++) {
            name = suffixed + n;
        }
        return name;
    }

    /**
     * A field name as a column name Glue accepts (1 to 255 characters, no control character, no lone surrogate):
     * such characters become {@code _}, an empty name is {@code _}, and a name past {@link #MAX_NAME_KEPT}
     * characters is cut there and gets 8 hex digits of the whole name's SHA-256, so two long names stay two.
     */
    static String columnName(String field) {
        var name = new StringBuilder(field.length());
        field.codePoints().forEach(c -> name.appendCodePoint(
                Character.isISOControl(c) || (c <= Character.MAX_VALUE && Character.isSurrogate((char) c)) ? '_' : c));
        if (name.isEmpty()) {
            return "_";
        }
        if (name.length() <= MAX_NAME_KEPT) {
            return name.toString();
        }
        int cut = Character.isHighSurrogate(name.charAt(MAX_NAME_KEPT - 1)) ? MAX_NAME_KEPT - 1 : MAX_NAME_KEPT;
        return name.substring(0, cut) + "_" + Hashes.sha256Hex(field, 4);
    }

    private static String folded(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
