package com.scaleout.warehouse.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.warehouse.domain.ChangeRows;
import com.scaleout.warehouse.domain.Column;
import com.scaleout.warehouse.testing.InMemoryChangeLog;
import com.scaleout.warehouse.testing.InMemoryWarehouseState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Loading is exactly once per change: files start where the state says, and a failed load rewrites its file. */
class WarehouseLoaderTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final Instant RECEIVED = Instant.parse("2026-12-05T10:15:30Z");

    private final InMemoryChangeLog log = new InMemoryChangeLog();
    private final InMemoryWarehouseState state = new InMemoryWarehouseState();
    private final Map<String, List<Long>> stored = new TreeMap<>(); // key -> positions in the file
    private final ParquetFiles parquet = (rows, file) -> lastWritten = rows;
    private ChangeRows lastWritten;
    private final WarehouseFileStore files = (key, file) -> stored.put(key,
            lastWritten.rows().stream().map(r -> r.position()).toList());
    /** Each publication: the table and its columns' names. */
    private final List<Map.Entry<ImportedTable, List<String>>> published = new ArrayList<>();
    private final WarehouseCatalog catalog = (table, schema, firstDay) -> published.add(Map.entry(table,
            schema.columns().stream().map(Column::name).toList()));
    private final WarehouseLoader loader = new WarehouseLoader(log, state, parquet, files, catalog,
            Clock.fixed(RECEIVED, ZoneOffset.UTC));

    private void logged(int count) {
        log.logged(ORDERS, count, RECEIVED);
    }

    @Test
    void eachLoadWritesAFileFromTheFirstPositionNotLoadedYet() {
        logged(3);
        assertThat(loader.load(ORDERS, 3)).isEqualTo(1);
        logged(2);
        assertThat(loader.load(ORDERS, 5)).isEqualTo(1);

        assertThat(stored).containsExactly(
                Map.entry("client=42/table=orders/dt=2026-12-05/00000000000000000001.parquet", List.of(1L, 2L, 3L)),
                Map.entry("client=42/table=orders/dt=2026-12-05/00000000000000000004.parquet", List.of(4L, 5L)));
        assertThat(state.read(ORDERS).orElseThrow().loadedPosition()).isEqualTo(5);
    }

    @Test
    void aLoadReadsUpToThePositionItWasToldIsCommittedAndNoFurther() {
        logged(5); // positions 4 and 5 are in the log, but their commit is not in this batch

        assertThat(loader.load(ORDERS, 3)).isEqualTo(1);

        assertThat(log.readsUpTo()).as("no read of the committed position: the fake's changes() would throw")
                .containsExactly(3L);
        assertThat(stored.values()).containsExactly(List.of(1L, 2L, 3L));
        assertThat(state.read(ORDERS).orElseThrow().loadedPosition()).isEqualTo(3);
    }

    @Test
    void aReplayedCommitLoadsNothing() {
        logged(3);
        loader.load(ORDERS, 3);

        assertThat(loader.load(ORDERS, 3)).isZero();
        assertThat(loader.load(ORDERS, 2)).isZero();
        assertThat(stored).hasSize(1);
    }

    @Test
    void aLoadThatFailedAfterItsFileIsRewrittenUnderTheSameKeyWithWhatIsCommittedThen() {
        logged(3);
        state.failNextAdvance();
        assertThatThrownBy(() -> loader.load(ORDERS, 3)).isInstanceOf(IllegalStateException.class);
        logged(2);

        loader.load(ORDERS, 5);

        assertThat(stored).containsExactly(Map.entry(
                "client=42/table=orders/dt=2026-12-05/00000000000000000001.parquet", List.of(1L, 2L, 3L, 4L, 5L)));
        var rows = stored.values().stream().mapToLong(List::size).sum();
        assertThat(rows).as("every change once").isEqualTo(5);
    }

    @Test
    void aBacklogLargerThanAFileIsLoadedInFilesOfTheLimit() {
        logged(WarehouseLoader.MAX_ROWS_PER_FILE + 10);

        assertThat(loader.load(ORDERS, WarehouseLoader.MAX_ROWS_PER_FILE + 10)).isEqualTo(2);
        assertThat(stored.values()).extracting(List::size).containsExactly(WarehouseLoader.MAX_ROWS_PER_FILE, 10);
    }

    @Test
    void aCommittedPositionMissingFromTheLogIsAnErrorNotASkip() {
        logged(2);

        assertThatThrownBy(() -> loader.load(ORDERS, 4)).hasMessageContaining("no position 3");
    }

    @Test
    void theCatalogGetsTheTableWithItsFirstFileAndAgainOnlyWhenAFileGrowsItsSchema() {
        logged(2);
        loader.load(ORDERS, 2);
        logged(2);
        loader.load(ORDERS, 4);
        log.logged(ORDERS, "{\"id\":5,\"status\":\"paid\"}", RECEIVED);
        loader.load(ORDERS, 5);

        assertThat(published).containsExactly(Map.entry(ORDERS, List.of("id")),
                Map.entry(ORDERS, List.of("id", "status")));
    }

    @Test
    void aLoadThatFailedAfterPublishingPublishesAgainOnItsRetry() {
        logged(2);
        state.failNextAdvance();
        assertThatThrownBy(() -> loader.load(ORDERS, 2)).isInstanceOf(IllegalStateException.class);

        loader.load(ORDERS, 2);

        assertThat(published).hasSize(2).allMatch(p -> p.getValue().equals(List.of("id")));
    }
}
