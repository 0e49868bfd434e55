package com.scaleout.warehouse.glue;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.warehouse.domain.WarehouseSchema;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.glue.model.Column;

/** The Glue table a schema becomes: never fewer columns than the catalog has, names and comments Glue accepts. */
class GlueWarehouseCatalogTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");

    private static WarehouseSchema schemaOf(String json) {
        try {
            ObjectNode row = (ObjectNode) Json.MAPPER.readTree(json);
            return WarehouseSchema.empty().with(List.of("id"), List.of(row));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aColumnTheCatalogHasBeyondTheSchemaIsKept() {
        var catalogued = List.of(Column.builder().name("added_by_a_racing_load").type("string").build());

        var columns = GlueWarehouseCatalog.columns(schemaOf("{\"id\": 1}"), catalogued);

        assertThat(columns).extracting(Column::name).containsExactly("_sdc_sequence", "_sdc_received_at",
                "_sdc_batched_at", "_sdc_log_position", "_sdc_overflow", "id", "added_by_a_racing_load");
    }

    @Test
    void aFieldWhoseNameHadToChangeGetsNoCommentAndOneOfUpperCaseGetsItsOwnName() {
        var columns = GlueWarehouseCatalog.columns(schemaOf("{\"Status\": \"x\", \"bad\\u0007name\": 1, \""
                + "L".repeat(300) + "\": 2}"), List.of());

        assertThat(columns.get(5)).satisfies(c -> {
            assertThat(c.name()).isEqualTo("status");
            assertThat(c.comment()).isEqualTo("the field Status, its string values");
        });
        assertThat(columns.subList(6, 8)).allSatisfy(c -> {
            assertThat(c.comment()).isNull();
            assertThat(c.name()).hasSizeLessThanOrEqualTo(255).doesNotContain("\u0007");
        });
    }

    @Test
    void theDayRangeAndTheFolderAreTheTables() {
        var catalog = new GlueWarehouseCatalog(null, "lake", "bucket");

        var input = catalog.tableInput("client_42__orders", ORDERS, schemaOf("{\"id\": 1}"),
                LocalDate.parse("2026-12-05"), List.of());

        assertThat(input.parameters()).containsEntry("projection.dt.range", "2026-12-05,NOW")
                .containsEntry("storage.location.template", "s3://bucket/client=42/table=orders/dt=${dt}/");
        assertThat(input.partitionKeys()).extracting(Column::name).containsExactly("dt");
    }
}
