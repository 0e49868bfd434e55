package com.scaleout.warehouse.duckdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.warehouse.application.ParquetFiles;
import com.scaleout.warehouse.domain.ChangeRows;
import com.scaleout.warehouse.domain.Column;
import com.scaleout.warehouse.domain.SystemColumn;
import com.scaleout.warehouse.domain.WarehouseRow;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Parquet files written by an in-memory DuckDB: the rows go into a table through DuckDB's appender, then one
 * {@code COPY ... (FORMAT parquet)} writes them, compressed with ZSTD. Times are UTC {@code TIMESTAMP}s (the
 * appender takes no time zone).
 */
public final class DuckDbParquetFiles implements ParquetFiles {
    private static final String TABLE = "file_rows";

    @Override
    public void write(ChangeRows rows, Path file) {
        try (Connection connection = DuckDb.inMemory();
             var statement = connection.createStatement()) {
            // Lambda's only writable disk is /tmp (the working directory is read-only): DuckDB's home and spill
            // files go there rather than under the working directory
            Path dir = Objects.requireNonNull(file.toAbsolutePath().getParent(), "a file's directory");
            statement.execute("SET home_directory = " + Sql.literal(dir.toString()));
            statement.execute("SET temp_directory = " + Sql.literal(dir.resolve("spill").toString()));
            statement.execute("CREATE TABLE " + TABLE + " (" + String.join(", ", definitions(rows)) + ")");
            try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class).createAppender("main", TABLE)) {
                for (WarehouseRow row : rows.rows()) {
                    append(appender, row, rows.schema().columns());
                }
            }
            statement.execute("COPY " + TABLE + " TO " + Sql.literal(file.toString())
                    + " (FORMAT parquet, COMPRESSION zstd)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write the Parquet file " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<String> definitions(ChangeRows rows) {
        var definitions = new ArrayList<String>();
        for (SystemColumn system : SystemColumn.values()) {
            definitions.add(Sql.identifier(system.columnName()) + " " + system.stored().sqlType());
        }
        rows.schema().columns().forEach(c -> definitions.add(Sql.identifier(c.name()) + " " + c.type().stored().sqlType()));
        return definitions;
    }

    private static void append(DuckDBAppender appender, WarehouseRow row, List<Column> columns) throws SQLException {
        appender.beginRow();
        appender.append(row.sequence());
        appendTime(appender, row.receivedAt());
        appendTime(appender, row.batchedAt());
        appender.append(row.position());
        if (row.overflow() == null) {
            appender.appendNull();
        } else {
            appender.append(row.overflow().toString());
        }
        for (Column column : columns) {
            JsonNode value = row.values().get(column);
            if (value == null) {
                appender.appendNull();
                continue;
            }
            switch (column.type()) {
                case BOOLEAN -> appender.append(value.booleanValue());
                case INTEGER -> appender.append(value.longValue());
                case DECIMAL -> appender.append(value.doubleValue());
                case STRING -> appender.append(value.textValue());
                case JSON -> appender.append(value.toString());
            }
        }
        appender.endRow();
    }

    private static void appendTime(DuckDBAppender appender, Instant time) throws SQLException {
        if (time == null) {
            appender.appendNull();
        } else {
            appender.append(LocalDateTime.ofInstant(time, ZoneOffset.UTC));
        }
    }
}
