package com.scaleout.warehouse.domain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The column types a table's batch schema declares ({@code "price": {"type": "number"}}), which the data alone
 * cannot tell: a number declared as such is a {@code double} column from its first value, whole or not, where the
 * data alone would start an integer column and split off {@code price__de} at the first fraction. A value that does
 * not fit its declared type (the schema changed since) keeps its own type.
 *
 * @param types field to column type, in the schema's order
 */
public record DeclaredTypes(Map<String, ColumnType> types) {
    public static final DeclaredTypes NONE = new DeclaredTypes(Map.of());

    public DeclaredTypes {
        types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
    }

    /** From JSON Schema's type names (integer, number, string, boolean, object, array); others are ignored. */
    public static DeclaredTypes ofJsonTypes(Map<String, String> jsonTypes) {
        var types = new LinkedHashMap<String, ColumnType>();
        jsonTypes.forEach((field, jsonType) -> column(jsonType).ifPresent(type -> types.put(field, type)));
        return new DeclaredTypes(types);
    }

    private static Optional<ColumnType> column(String jsonType) {
        return Optional.ofNullable(switch (jsonType) {
            case "integer" -> ColumnType.INTEGER;
            case "number" -> ColumnType.DECIMAL;
            case "string" -> ColumnType.STRING;
            case "boolean" -> ColumnType.BOOLEAN;
            case "object", "array" -> ColumnType.JSON;
            default -> null;
        });
    }

    /** The column type {@code value} of {@code field} is stored as: its own, or the declared one it fits. */
    public Optional<ColumnType> typeOf(String field, JsonNode value) {
        return ColumnType.of(value).map(own -> own == ColumnType.INTEGER && types.get(field) == ColumnType.DECIMAL
                ? ColumnType.DECIMAL : own);
    }
}
