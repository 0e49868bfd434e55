package com.scaleout.warehouse.domain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The column types a JSON value lands in, each with the suffix a column gets when its field already has a column of
 * another type (as Stitch splits a column: {@code price} then {@code price__st}). Nested objects and arrays are kept
 * as JSON text: their shape may change from record to record, which a Parquet struct could not follow without
 * failing the load; DuckDB's and Athena's {@code json_extract} read into them.
 */
public enum ColumnType {
    BOOLEAN("bo", StoredType.BOOLEAN),
    INTEGER("it", StoredType.BIGINT),
    /** Any JSON number that is not an integer a long holds: a double, since JSON numbers have no declared scale. */
    DECIMAL("de", StoredType.DOUBLE),
    STRING("st", StoredType.VARCHAR),
    JSON("js", StoredType.VARCHAR);

    private final String suffix;
    private final StoredType stored;

    ColumnType(String suffix, StoredType stored) {
        this.suffix = suffix;
        this.stored = stored;
    }

    /** The type a value is stored as; none for null (a null neither adds a column nor changes one). */
    public static Optional<ColumnType> of(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return Optional.empty();
        }
        if (value.isBoolean()) {
            return Optional.of(BOOLEAN);
        }
        if (value.isIntegralNumber()) {
            return Optional.of(value.canConvertToLong() ? INTEGER : DECIMAL);
        }
        if (value.isNumber()) {
            return Optional.of(DECIMAL);
        }
        if (value.isTextual()) {
            return Optional.of(STRING);
        }
        return Optional.of(JSON);
    }

    public String suffix() {
        return suffix;
    }

    public StoredType stored() {
        return stored;
    }
}
