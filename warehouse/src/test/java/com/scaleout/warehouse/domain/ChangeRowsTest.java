package com.scaleout.warehouse.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import java.time.Instant;
import java.util.LinkedHashMap;
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

    /**
     * The log's JSON is read with the process's shared mapper ({@code Json.MAPPER}): numbers as a plain
     * {@code ObjectMapper} reads them (no BigDecimal for floats, integers past a long as BigInteger), so every value
     * keeps the column type and the value it had when the warehouse built its own mapper.
     */
    @Test
    void valuesKeepTheTypesAndValuesAPlainMapperGivesThem() throws Exception {
        String data = "{\"id\":1,\"one\":1,\"half\":1.5,\"huge\":1e400,\"long\":9223372036854775807,"
                + "\"past_long\":12345678901234567890,\"whole\":2.0,\"exp\":1E2,\"flag\":true,\"text\":\"x\","
                + "\"nested\":{\"a\":[1,1.5]},\"list\":[1,\"x\"],\"none\":null}";
        var rows = ChangeRows.of(WarehouseSchema.empty(), List.of(new LoggedChange(1, 1, "r", "{\"id\":1}", data)),
                BATCHED);

        assertThat(rows.schema().columns()).extracting(Column::name, Column::type).containsExactly(
                tuple("id", ColumnType.INTEGER), tuple("one", ColumnType.INTEGER), tuple("half", ColumnType.DECIMAL),
                tuple("huge", ColumnType.DECIMAL), tuple("long", ColumnType.INTEGER),
                tuple("past_long", ColumnType.DECIMAL), tuple("whole", ColumnType.DECIMAL),
                tuple("exp", ColumnType.DECIMAL), tuple("flag", ColumnType.BOOLEAN), tuple("text", ColumnType.STRING),
                tuple("nested", ColumnType.JSON), tuple("list", ColumnType.JSON));
        var values = new LinkedHashMap<String, JsonNode>();
        rows.rows().getFirst().values().forEach((column, value) -> values.put(column.name(), value));
        JsonNode plain = new ObjectMapper().readTree(data);
        values.forEach((name, value) -> {
            assertThat(value).as(name).isEqualTo(plain.get(name));
            assertThat(value.getClass()).as(name).isEqualTo(plain.get(name).getClass());
        });
        assertThat(values.get("huge")).isInstanceOf(DoubleNode.class);
        assertThat(values.get("huge").doubleValue()).isInfinite();
        assertThat(values.get("past_long")).isInstanceOf(BigIntegerNode.class);
        assertThat(values.get("half")).isInstanceOf(DoubleNode.class);
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

    @Test
    void aDeclaredNumberIsOneDoubleColumnFromItsFirstWholeValueAndDeclaredFieldsHaveColumnsBeforeAnyValue() {
        var declared = DeclaredTypes.ofJsonTypes(new LinkedHashMap<>(java.util.Map.of("price", "number")));
        // in name order, as the stream's image gives them
        var withNote = new java.util.TreeMap<String, String>(java.util.Map.of("price", "number", "note", "string"));
        var rows = ChangeRows.of(WarehouseSchema.empty(), List.of(
                new LoggedChange(1, 1, "r1", "{\"id\":1}", "{\"id\":1,\"price\":10}", RECEIVED),
                new LoggedChange(2, 2, "r2", "{\"id\":2}", "{\"id\":2,\"price\":10.5}", RECEIVED),
                new LoggedChange(3, 3, "r3", "{\"id\":3}", "{\"id\":3,\"price\":\"ten\"}", RECEIVED)),
                BATCHED, DeclaredTypes.ofJsonTypes(withNote));

        assertThat(rows.schema().columns()).extracting(Column::name, Column::type).containsExactly(
                tuple("note", ColumnType.STRING), tuple("price", ColumnType.DECIMAL), tuple("id", ColumnType.INTEGER),
                tuple("price__st", ColumnType.STRING));
        assertThat(rows.rows().getFirst().values()).containsEntry(rows.schema().columns().get(1),
                com.fasterxml.jackson.databind.node.IntNode.valueOf(10));
        assertThat(declared.typeOf("price", com.fasterxml.jackson.databind.node.IntNode.valueOf(1)))
                .contains(ColumnType.DECIMAL);
        assertThat(DeclaredTypes.NONE.typeOf("price", com.fasterxml.jackson.databind.node.IntNode.valueOf(1)))
                .contains(ColumnType.INTEGER);
    }
}
