package com.scaleout.warehouse.domain;

import java.util.Objects;

/** A column of a warehouse table: the values of {@code field} that are of {@code type}, under {@code name}. */
public record Column(String name, String field, ColumnType type) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(type, "type");
    }
}
