package com.scaleout.warehouse.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.application.WarehouseCatalog;
import com.scaleout.warehouse.application.WarehouseLoader;
import com.scaleout.warehouse.testing.InMemoryChangeLog;
import com.scaleout.warehouse.testing.InMemoryWarehouseState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The ImportTables stream as the loader gets it: a claim taken (no commit) loads nothing, each table is loaded up to
 * the greatest position the batch commits, and a table that fails is reported from its first record in the batch.
 */
class WarehouseLoaderHandlerTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final ImportedTable CUSTOMERS = new ImportedTable(42, "customers");
    private static final Instant RECEIVED = Instant.parse("2026-11-29T23:00:00Z");

    private final InMemoryChangeLog log = new InMemoryChangeLog();
    private final InMemoryWarehouseState state = new InMemoryWarehouseState();
    private final List<String> stored = new ArrayList<>();
    private final WarehouseLoaderHandler handler = new WarehouseLoaderHandler(new WarehouseLoader(log, state,
            (rows, file) -> { }, (key, file) -> stored.add(key), WarehouseCatalog.NONE, Clock.fixed(RECEIVED, ZoneOffset.UTC)));

    @ParameterizedTest
    @Event(value = "events/imports/warehouse-stream.json", type = DynamodbEvent.class)
    void eachCommittedTableIsLoadedUpToItsCommitAndAClaimLoadsNothing(DynamodbEvent event) {
        log.logged(ORDERS, 5, RECEIVED); // committed up to 3 in the batch; 4 and 5 not yet
        log.logged(CUSTOMERS, 1, RECEIVED);

        var answer = handler.handleRequest(event, null);

        assertThat(answer.getBatchItemFailures()).isEmpty();
        assertThat(state.read(ORDERS).orElseThrow().loadedPosition()).isEqualTo(3);
        assertThat(state.read(CUSTOMERS).orElseThrow().loadedPosition()).isEqualTo(1);
        assertThat(state.read(CUSTOMERS).orElseThrow().schema().columns()).as("its commit's declared types")
                .extracting(c -> c.name() + " " + c.type()).containsExactlyInAnyOrder("id INTEGER", "balance DECIMAL");
        assertThat(stored).containsExactly(
                "client=42/table=orders/dt=2026-11-29/00000000000000000001.parquet",
                "client=42/table=customers/dt=2026-11-29/00000000000000000001.parquet");
    }

    @ParameterizedTest
    @Event(value = "events/imports/warehouse-stream.json", type = DynamodbEvent.class)
    void aTableThatFailsIsReportedFromItsFirstCommitInTheBatch(DynamodbEvent event) {
        log.logged(ORDERS, 3, RECEIVED);
        // customers' commit names a position its log does not have: that table fails, orders is loaded

        var answer = handler.handleRequest(event, null);

        assertThat(answer.getBatchItemFailures()).extracting(f -> f.getItemIdentifier())
                .containsExactly("6100000000000000000000000003");
        assertThat(state.read(ORDERS).orElseThrow().loadedPosition()).isEqualTo(3);
        assertThat(state.read(CUSTOMERS)).isEmpty();
    }
}
