package com.scaleout.warehouse.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.warehouse.domain.ChangeRows;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files DuckDB writes read back as the rows and types they were given, by DuckDB itself. */
class DuckDbParquetFilesTest {
    private static final Instant RECEIVED = Instant.parse("2026-12-05T10:15:30Z");

    @Test
    void aFileHoldsEveryColumnWithItsTypeAndTheSystemColumns(@TempDir Path dir) throws Exception {
        var rows = ChangeRows.of(WarehouseSchema.empty(), List.of(
                new LoggedChange(1, 100, "r1", "{\"id\":1}",
                        "{\"id\":1,\"price\":12.5,\"paid\":true,\"tags\":[\"a\"],\"it's\":\"quoted \\\"name\\\"\"}",
                        RECEIVED),
                new LoggedChange(2, 101, "r2", "{\"id\":2}", "{\"id\":2,\"price\":\"free\"}", null)),
                Instant.parse("2026-12-05T10:16:00Z"));
        Path file = dir.resolve("it's.parquet");

        new DuckDbParquetFiles().write(rows, file);

        try (var connection = DuckDb.inMemory();
             var statement = connection.createStatement()) {
            var types = new ArrayList<String>();
            try (var result = statement.executeQuery("DESCRIBE SELECT * FROM read_parquet("
                    + Sql.literal(file.toString()) + ")")) {
                while (result.next()) {
                    types.add(result.getString(1) + " " + result.getString(2));
                }
            }
            assertThat(types).containsExactly("_sdc_sequence BIGINT", "_sdc_received_at TIMESTAMP",
                    "_sdc_batched_at TIMESTAMP", "_sdc_log_position BIGINT", "_sdc_overflow VARCHAR", "id BIGINT",
                    "price DOUBLE", "paid BOOLEAN", "tags VARCHAR", "it's VARCHAR", "price__st VARCHAR");
            try (var result = statement.executeQuery("SELECT id, price, price__st, tags, \"it's\", _sdc_sequence, "
                    + "_sdc_received_at FROM read_parquet(" + Sql.literal(file.toString()) + ") ORDER BY id")) {
                assertThat(result.next()).isTrue();
                assertThat(result.getLong(1)).isEqualTo(1);
                assertThat(result.getDouble(2)).isEqualTo(12.5);
                assertThat(result.getString(3)).isNull();
                assertThat(result.getString(4)).isEqualTo("[\"a\"]");
                assertThat(result.getString(5)).isEqualTo("quoted \"name\"");
                assertThat(result.getLong(6)).isEqualTo(100);
                assertThat(result.getObject(7, java.time.LocalDateTime.class)).isEqualTo("2026-12-05T10:15:30");
                assertThat(result.next()).isTrue();
                assertThat(result.getObject(2)).isNull();
                assertThat(result.getString(3)).isEqualTo("free");
                assertThat(result.getObject(7)).isNull();
                assertThat(result.next()).isFalse();
            }
        }
    }
}
