package com.scaleout.warehouse.query;

import com.scaleout.warehouse.domain.Column;
import com.scaleout.warehouse.domain.SystemColumn;
import com.scaleout.warehouse.domain.WarehouseFiles;
import com.scaleout.warehouse.domain.WarehouseSchema;
import com.scaleout.warehouse.duckdb.DuckDb;
import com.scaleout.warehouse.duckdb.Sql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * SQL over one client's warehouse files, with DuckDB: for each table, {@code <table>__changes} holds every change
 * row, and {@code <table>} the current state, the row with the greatest {@code _sdc_sequence} per key (what an
 * RJMetrics or Stitch user sees as the table; an append-only table keeps every row). The views are made before
 * the connection is locked to the client's directory, with external access then switched off for good: a query can
 * read through the views and nothing else, another client's files included (DuckDB refuses to switch it back on);
 * and only queries run, so nothing can be written there either.
 */
public final class ClientWarehouse implements AutoCloseable {
    /** The client's own temp directory, inside its folder (no view reads it). */
    static final String TEMP = ".tmp";

    private final Connection connection;

    private ClientWarehouse(Connection connection) {
        this.connection = connection;
    }

    /**
     * Opens the client's files under {@code clientDir} (its {@code table=<name>/dt=<day>/} folders, as the bucket
     * holds them), with each table's schema from the warehouse's state.
     */
    public static ClientWarehouse open(Path clientDir, Map<String, WarehouseSchema> schemas) throws SQLException {
        Connection connection = DuckDb.inMemory();
        try (var statement = connection.createStatement()) {
            for (var table : schemas.entrySet()) {
                Path files = clientDir.resolve("table=" + WarehouseFiles.escapedName(table.getKey()));
                if (!Files.isDirectory(files)) {
                    continue; // known, no file yet
                }
                String changes = Sql.identifier(table.getKey() + "__changes");
                statement.execute("CREATE VIEW " + changes + " AS SELECT * FROM read_parquet("
                        + Sql.literal(files + "/*/*.parquet") + ", union_by_name = true)");
                statement.execute("CREATE VIEW " + Sql.identifier(table.getKey()) + " AS "
                        + currentState(changes, table.getValue()));
            }
            // DuckDB may always use its temp directory (spilled data): the client's own, never one all clients share
            statement.execute("SET temp_directory = " + Sql.literal(clientDir.toAbsolutePath().resolve(TEMP)
                    .toString()));
            statement.execute("SET allowed_directories = [" + Sql.literal(clientDir.toAbsolutePath() + "/") + "]");
            statement.execute("SET enable_external_access = false");
            statement.execute("SET lock_configuration = true");
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
        return new ClientWarehouse(connection);
    }

    /** The latest row per key: partitioned by every column of the key's fields (a field may have two types). */
    static String currentState(String changes, WarehouseSchema schema) {
        List<String> keyColumns = new ArrayList<>();
        for (Column column : schema.columns()) {
            if (schema.keyNames().contains(column.field())) {
                keyColumns.add(Sql.identifier(column.name()));
            }
        }
        if (keyColumns.isEmpty()) {
            return "SELECT * FROM " + changes;
        }
        return "SELECT * FROM " + changes + " QUALIFY row_number() OVER (PARTITION BY " + String.join(", ", keyColumns)
                + " ORDER BY " + SystemColumn.SEQUENCE.columnName() + " DESC) = 1";
    }

    /** Reads a query's result. */
    @FunctionalInterface
    public interface ResultReader<T> {
        T read(ResultSet result) throws SQLException;
    }

    /**
     * Runs a query and hands its result to {@code reader}; what the reader answers. Only queries: a statement that
     * is not a SELECT is refused before it runs (see {@link #requireQueries}).
     */
    public <T> T query(String sql, ResultReader<T> reader) throws SQLException {
        requireQueries(sql);
        try (var statement = connection.createStatement(); var result = statement.executeQuery(sql)) {
            return reader.read(result);
        }
    }

    /**
     * Refuses SQL that is not made of SELECT statements, as DuckDB's own parser sees it: {@code json_serialize_sql}
     * serializes SELECT statements only, so {@code COPY ... TO} (which could plant a file among the client's own,
     * where the latest-per-key view would then read it), ATTACH, SET, INSTALL, PRAGMA and CALL are refused.
     */
    private void requireQueries(String sql) throws SQLException {
        try (var parse = connection.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
            parse.setString(1, sql);
            try (var parsed = parse.executeQuery()) {
                parsed.next();
                if (parsed.getString(1).startsWith("{\"error\":true")) {
                    throw new SQLException("only SELECT statements (queries) may run on the warehouse: "
                            + sql.strip().split("\\s+", 2)[0].toUpperCase(java.util.Locale.ROOT) + " is refused");
                }
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
