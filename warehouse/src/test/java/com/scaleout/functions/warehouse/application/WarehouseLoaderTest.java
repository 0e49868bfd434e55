package com.scaleout.functions.warehouse.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.warehouse.domain.ChangeRows;
import com.scaleout.functions.warehouse.domain.WarehouseSchema;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Loading is exactly once per change: files start where the state says, and a failed load rewrites its file. */
class WarehouseLoaderTest {
    private static final ImportedTable ORDERS = new ImportedTable(42, "orders");
    private static final Instant RECEIVED = Instant.parse("2026-12-05T10:15:30Z");

    private final FakeLog log = new FakeLog();
    private final FakeState state = new FakeState();
    private final Map<String, List<Long>> stored = new TreeMap<>(); // key -> positions in the file
    private boolean failNextAdvance;
    private final ParquetFiles parquet = (rows, file) -> lastWritten = rows;
    private ChangeRows lastWritten;
    private final WarehouseFileStore files = (key, file) -> stored.put(key,
            lastWritten.rows().stream().map(r -> r.position()).toList());
    private final WarehouseLoader loader = new WarehouseLoader(log, state, parquet, files,
            Clock.fixed(RECEIVED, ZoneOffset.UTC));

    private void logged(int count) {
        for (int i = 0; i < count; i++) {
            long position = log.changes.size() + 1;
            log.changes.add(new LoggedChange(position, position, "r" + position, "{\"id\":" + position + "}",
                    "{\"id\":" + position + "}", RECEIVED));
        }
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
        failNextAdvance = true;
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

    private final class FakeState implements WarehouseState {
        private final Map<ImportedTable, TableState> tables = new HashMap<>();

        @Override
        public Optional<TableState> read(ImportedTable table) {
            return Optional.ofNullable(tables.get(table));
        }

        @Override
        public boolean advance(ImportedTable table, long from, long to, WarehouseSchema schema, long rows) {
            if (failNextAdvance) {
                failNextAdvance = false;
                throw new IllegalStateException("the state's write failed");
            }
            var current = tables.getOrDefault(table, TableState.NONE);
            if (current.loadedPosition() != from) {
                return false;
            }
            tables.put(table, new TableState(to, schema, current.rows() + rows, current.files() + 1));
            return true;
        }

        @Override
        public Map<String, TableState> tablesOf(long clientId) {
            return Map.of();
        }
    }

    /** One table's committed log; only what the loader reads. */
    private static final class FakeLog implements ChangeLog {
        final List<LoggedChange> changes = new ArrayList<>();

        @Override
        public List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes) {
            return changes.stream().filter(c -> c.position() > afterPosition).limit(limit).toList();
        }

        @Override
        public Optional<TableStatistics> statistics(ImportedTable table) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Set<ChangeId> logged(Collection<ChangeId> changes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean append(Append append) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TablesPage tables(long clientId, int limit, Optional<String> afterName) {
            throw new UnsupportedOperationException();
        }
    }
}
