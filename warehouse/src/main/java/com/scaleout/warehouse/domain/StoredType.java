package com.scaleout.warehouse.domain;

/**
 * How a column is stored and declared: its type in DuckDB (and so in the Parquet file) and in the Glue Data Catalog
 * (Hive's name, which Athena reads the file's column as).
 */
public record StoredType(String sqlType, String glueType) {
    public static final StoredType BIGINT = new StoredType("BIGINT", "bigint");
    public static final StoredType DOUBLE = new StoredType("DOUBLE", "double");
    public static final StoredType BOOLEAN = new StoredType("BOOLEAN", "boolean");
    public static final StoredType VARCHAR = new StoredType("VARCHAR", "string");
    public static final StoredType TIMESTAMP = new StoredType("TIMESTAMP", "timestamp");
}
