package com.scaleout.warehouse.duckdb;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.duckdb.DuckDBDriver;

/**
 * In-memory DuckDB databases, opened through DuckDB's driver itself rather than {@code DriverManager}: the manager
 * hands a caller only drivers its own class loader can see, and locally the loader's execution environments each
 * load DuckDB in a class loader of their own, beside the runtime's copy.
 */
public final class DuckDb {
    private static final DuckDBDriver DRIVER = new DuckDBDriver();

    private DuckDb() {
    }

    public static Connection inMemory() throws SQLException {
        return DRIVER.connect("jdbc:duckdb:", new Properties());
    }
}
