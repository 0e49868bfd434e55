package com.scaleout.functions.warehouse.query;

import com.scaleout.functions.warehouse.domain.Column;
import com.scaleout.functions.warehouse.domain.SystemColumn;
import com.scaleout.functions.warehouse.domain.WarehouseFiles;
import com.scaleout.functions.warehouse.domain.WarehouseSchema;
import com.scaleout.functions.warehouse.duckdb.DuckDb;
import com.scaleout.functions.warehouse.duckdb.Sql;
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
 * read through the views and nothing else, another client's files included (DuckDB refuses to switch it back on).
 */
public final class ClientWarehouse implements AutoCloseable {
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

    /** Runs a query and hands its result to {@code reader}; what the reader answers. */
    public <T> T query(String sql, ResultReader<T> reader) throws SQLException {
        try (var statement = connection.createStatement(); var result = statement.executeQuery(sql)) {
            return reader.read(result);
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
