package com.scaleout.warehouse.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A client's SQL on its warehouse reads and never writes (issue 45: COPY ... TO planted a row among its files). */
class ClientWarehouseTest {
    @TempDir
    Path clientDir;

    @Test
    void aQueryRuns() throws SQLException {
        try (var warehouse = ClientWarehouse.open(clientDir, Map.of())) {
            int answer = warehouse.query("WITH x AS (SELECT 41 AS n) SELECT n + 1 FROM x", result -> {
                result.next();
                return result.getInt(1);
            });
            assertThat(answer).isEqualTo(42);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "COPY (SELECT 1 AS id) TO '%s/table=orders/dt=2026-12-07/planted.parquet' (FORMAT parquet)",
        "SELECT 1; COPY (SELECT 1 AS id) TO '%s/table=orders/dt=2026-12-07/planted.parquet' (FORMAT parquet)",
        "ATTACH '%s/other.duckdb'",
        "SET threads = 1",
        "INSTALL httpfs",
        "PRAGMA version"})
    void anythingButAQueryIsRefusedBeforeItRuns(String statement) throws Exception {
        Files.createDirectories(clientDir.resolve("table=orders/dt=2026-12-07"));
        String sql = statement.formatted(clientDir.toAbsolutePath());
        try (var warehouse = ClientWarehouse.open(clientDir, Map.of())) {
            assertThatThrownBy(() -> warehouse.query(sql, result -> null)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("only SELECT statements");
        }
        assertThat(clientDir.resolve("table=orders/dt=2026-12-07/planted.parquet")).doesNotExist();
        assertThat(clientDir.resolve("other.duckdb")).doesNotExist();
    }

    /** DuckDB may always write its temp directory: each client's is its own, inside its folder. */
    @Test
    void theTempDirectoryIsTheClientsOwn() throws SQLException {
        try (var warehouse = ClientWarehouse.open(clientDir, Map.of())) {
            String temp = warehouse.query("SELECT current_setting('temp_directory')", result -> {
                result.next();
                return result.getString(1);
            });
            assertThat(Path.of(temp)).isEqualTo(clientDir.toAbsolutePath().resolve(ClientWarehouse.TEMP));
        }
    }
}
