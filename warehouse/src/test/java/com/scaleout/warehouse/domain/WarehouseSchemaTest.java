package com.scaleout.warehouse.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarehouseSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> rows(String... json) throws Exception {
        var rows = new java.util.ArrayList<JsonNode>();
        for (String row : json) {
            rows.add(JSON.readTree(row));
        }
        return rows;
    }

    @Test
    void aNewFieldAddsANullableColumnNamedAfterIt() throws Exception {
        var schema = WarehouseSchema.empty().with(List.of("id"), rows("{\"id\":1,\"status\":\"paid\"}"))
                .with(List.of(), rows("{\"id\":2,\"note\":\"new\"}"));

        assertThat(schema.columns()).containsExactly(new Column("id", "id", ColumnType.INTEGER),
                new Column("status", "status", ColumnType.STRING), new Column("note", "note", ColumnType.STRING));
        assertThat(schema.keyNames()).containsExactly("id");
    }

    @Test
    void aFieldWhoseTypeChangesGetsASecondColumnSuffixedByTheType() throws Exception {
        var schema = WarehouseSchema.empty().with(List.of("id"), rows("{\"id\":1,\"price\":10}"))
                .with(List.of("id"), rows("{\"id\":2,\"price\":\"ten\"}", "{\"id\":3,\"price\":10.5}"));

        assertThat(schema.column("price", ColumnType.INTEGER)).map(Column::name).contains("price");
        assertThat(schema.column("price", ColumnType.STRING)).map(Column::name).contains("price__st");
        assertThat(schema.column("price", ColumnType.DECIMAL)).map(Column::name).contains("price__de");
    }

    @Test
    void nullsAddNoColumnAndNestedValuesAreJson() throws Exception {
        var schema = WarehouseSchema.empty().with(List.of(), rows("{\"a\":null,\"b\":{\"c\":1},\"d\":[1,2]}"));

        assertThat(schema.columns()).containsExactly(new Column("b", "b", ColumnType.JSON),
                new Column("d", "d", ColumnType.JSON));
    }

    @Test
    void namesAreUniqueWhateverTheirCaseAndNoFieldTakesASystemColumnsName() throws Exception {
        var schema = WarehouseSchema.empty().with(List.of(), rows(
                "{\"Price\":1,\"price\":2,\"_sdc_sequence\":\"mine\",\"price__it\":3}"));

        assertThat(schema.columns()).extracting(Column::name)
                .containsExactly("Price", "price__it", "_sdc_sequence__st", "price__it__it");
        assertThat(schema.columns()).extracting(c -> c.name().toLowerCase(java.util.Locale.ROOT))
                .doesNotHaveDuplicates();
    }

    @Test
    void fieldsPastTheColumnLimitGetNoColumn() throws Exception {
        var wide = JSON.createObjectNode();
        for (int i = 0; i < WarehouseSchema.MAX_COLUMNS + 5; i++) {
            wide.put("f" + i, i);
        }
        var schema = WarehouseSchema.empty().with(List.of(), List.of(wide));

        assertThat(schema.columns()).hasSize(WarehouseSchema.MAX_COLUMNS);
    }

    @Test
    void anIntegerTooLargeForALongIsADecimal() throws Exception {
        assertThat(ColumnType.of(JSON.readTree("123456789012345678901234567890"))).contains(ColumnType.DECIMAL);
        assertThat(ColumnType.of(JSON.readTree("true"))).contains(ColumnType.BOOLEAN);
        assertThat(ColumnType.of(JSON.readTree("null"))).isEmpty();
    }

    @Test
    void everyFieldNameBecomesAColumnNameGlueAcceptsAndTwoNamesStayTwo() {
        assertThat(WarehouseSchema.columnName("")).isEqualTo("_");
        assertThat(WarehouseSchema.columnName("a\nb\tc")).isEqualTo("a_b_c");
        assertThat(WarehouseSchema.columnName("lone\ud800")).isEqualTo("lone_");
        assertThat(WarehouseSchema.columnName("pair\ud83d\ude00")).isEqualTo("pair\ud83d\ude00");
        String longOne = WarehouseSchema.columnName("x".repeat(300));
        assertThat(longOne).hasSize(WarehouseSchema.MAX_NAME_KEPT + 9)
                .isNotEqualTo(WarehouseSchema.columnName("x".repeat(301)));
        String cutBeforeAPair = WarehouseSchema.columnName("y".repeat(WarehouseSchema.MAX_NAME_KEPT - 1)
                + "\ud83d\ude00" + "z".repeat(50));
        assertThat(Character.isHighSurrogate(cutBeforeAPair.charAt(cutBeforeAPair.length() - 10))).isFalse();
    }

    @Test
    void aFieldNamedAsThePartitionGetsASuffixedColumn() throws Exception {
        var schema = WarehouseSchema.empty().with(List.of(), rows("{\"DT\": \"2026-12-06\", \"dt\": 1}"));

        assertThat(schema.columns()).extracting(Column::name).containsExactly("DT__st", "dt__it");
    }
}
