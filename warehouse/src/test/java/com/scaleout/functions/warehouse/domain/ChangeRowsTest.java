package com.scaleout.functions.warehouse.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeRowsTest {
    private static final Instant RECEIVED = Instant.parse("2026-12-05T10:15:30Z");
    private static final Instant BATCHED = Instant.parse("2026-12-05T10:16:00Z");

    @Test
    void eachChangeIsARowWithItsSystemColumnsAndTheKeyNamesComeFromItsKey() {
        var rows = ChangeRows.of(WarehouseSchema.empty(), List.of(
                new LoggedChange(1, 100, "r1", "{\"id\":1}", "{\"id\":1,\"total\":12.5}", RECEIVED),
                new LoggedChange(2, 101, "r2", "{\"id\":2}", "{\"id\":2,\"total\":\"due\"}", null)), BATCHED);

        assertThat(rows.schema().keyNames()).containsExactly("id");
        assertThat(rows.rows()).hasSize(2);
        var first = rows.rows().getFirst();
        assertThat(first.position()).isEqualTo(1);
        assertThat(first.sequence()).isEqualTo(100);
        assertThat(first.receivedAt()).isEqualTo(RECEIVED);
        assertThat(first.batchedAt()).isEqualTo(BATCHED);
        assertThat(first.values().get(rows.schema().column("total", ColumnType.DECIMAL).orElseThrow()).doubleValue())
                .isEqualTo(12.5);
        var second = rows.rows().get(1);
        assertThat(second.values().get(rows.schema().column("total", ColumnType.STRING).orElseThrow()).textValue())
                .isEqualTo("due");
        assertThat(second.receivedAt()).isNull();
    }

    @Test
    void fieldsWithoutAColumnAreKeptInTheOverflowColumn() {
        var wide = new StringBuilder("{");
        for (int i = 0; i < WarehouseSchema.MAX_COLUMNS + 2; i++) {
            wide.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":").append(i);
        }
        wide.append('}');
        var rows = ChangeRows.of(WarehouseSchema.empty(), List.of(new LoggedChange(1, 1, "r", "{}", wide.toString())),
                BATCHED);

        var row = rows.rows().getFirst();
        assertThat(row.values()).hasSize(WarehouseSchema.MAX_COLUMNS);
        assertThat(row.overflow()).isNotNull();
        assertThat(row.overflow().size()).isEqualTo(2);
        assertThat(rows.schema().keyNames()).isEmpty();
    }

    @Test
    void aFileIsNamedByItsFirstPositionUnderTheDayItsFirstRowWasReceived() {
        var table = new ImportedTable(42, "orders & more");

        assertThat(WarehouseFiles.fileKey(table, 7, RECEIVED))
                .isEqualTo("client=42/table=orders%20%26%20more/dt=2026-12-05/00000000000000000007.parquet");
        assertThat(WarehouseFiles.fileKey(table, 7, null)).contains("/dt=1970-01-01/");
        assertThat(WarehouseFiles.tablePrefix(table)).startsWith(WarehouseFiles.clientPrefix(42));
    }
}
