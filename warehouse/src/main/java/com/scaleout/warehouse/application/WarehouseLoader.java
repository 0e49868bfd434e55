package com.scaleout.warehouse.application;

import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.warehouse.application.WarehouseState.TableState;
import com.scaleout.warehouse.domain.ChangeRows;
import com.scaleout.warehouse.domain.DeclaredTypes;
import com.scaleout.warehouse.domain.WarehouseFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.logging.Logger;

/**
 * Loads a table's committed change log into the warehouse, a file per run of positions. Exactly once per change:
 * a file starts right after the position the table's state says is loaded and is named by that first position
 * (see {@link WarehouseFiles}); the state advances only after the file is stored, on the condition that it did not
 * move. A load that fails in between is retried from the same position and writes the same key again, so a
 * replayed or retried batch replaces the file it had written instead of adding rows. The catalog gets the table
 * with its first file and each time a file grows its schema, also before the state moves.
 */
public final class WarehouseLoader {
    private static final Logger LOG = Logger.getLogger(WarehouseLoader.class.getName());
    /** Rows per file at most: a large backlog becomes files of a size Athena and DuckDB read well. */
    public static final int MAX_ROWS_PER_FILE = 100_000;
    /** JSON bytes read per file at most: what the function's memory holds comfortably with the file's table. */
    public static final long MAX_BYTES_PER_FILE = 64L * 1024 * 1024;

    private final ChangeLog changeLog;
    private final WarehouseState state;
    private final ParquetFiles parquet;
    private final WarehouseFileStore files;
    private final WarehouseCatalog catalog;
    private final Clock clock;

    public WarehouseLoader(ChangeLog changeLog, WarehouseState state, ParquetFiles parquet, WarehouseFileStore files,
                           WarehouseCatalog catalog, Clock clock) {
        this.changeLog = changeLog;
        this.state = state;
        this.parquet = parquet;
        this.files = files;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Loads the table's log up to {@code committedUpTo} (nothing when it is loaded that far); the files written. */
    public int load(ImportedTable table, long committedUpTo) {
        return load(table, committedUpTo, DeclaredTypes.NONE);
    }

    /** As above, typing the values as the table's latest batch schema declares them. */
    public int load(ImportedTable table, long committedUpTo, DeclaredTypes declared) {
        TableState current = state.read(table).orElse(TableState.NONE);
        int written = 0;
        while (current.loadedPosition() < committedUpTo) {
            long from = current.loadedPosition();
            int limit = (int) Math.min(MAX_ROWS_PER_FILE, committedUpTo - from);
            // committedUpTo came from the statistics' stream record: no need to read the committed position again
            List<LoggedChange> changes = changeLog.changesUpTo(table, from, committedUpTo, limit, MAX_BYTES_PER_FILE);
            if (changes.isEmpty() || changes.getFirst().position() != from + 1) {
                throw new IllegalStateException("the change log of " + table + " has no position " + (from + 1)
                        + " though " + committedUpTo + " is committed");
            }
            ChangeRows rows = ChangeRows.of(current.schema(), changes, clock.instant(), declared);
            LoggedChange first = changes.getFirst();
            long to = changes.getLast().position();
            String key = WarehouseFiles.fileKey(table, first.position(), first.receivedAt());
            store(rows, key);
            if (current.files() == 0 || !rows.schema().equals(current.schema())) {
                // before the state moves: a load that fails after it publishes again on its retry
                catalog.publish(table, rows.schema(), WarehouseFiles.day(first.receivedAt()));
            }
            if (!state.advance(table, from, to, rows.schema(), changes.size())) {
                throw new IllegalStateException("another load moved " + table + " past " + from + "; retried");
            }
            LOG.fine(() -> table + ": positions " + (from + 1) + "-" + to + " in " + key);
            current = new TableState(to, rows.schema(), current.rows() + changes.size(), current.files() + 1);
            written++;
        }
        return written;
    }

    /** Writes the file in /tmp (Lambda's only disk) and stores it; the local copy is gone either way. */
    private void store(ChangeRows rows, String key) {
        Path dir;
        try {
            dir = Files.createTempDirectory("warehouse");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage the file " + key, e);
        }
        Path file = dir.resolve("rows.parquet");
        try {
            parquet.write(rows, file);
            files.put(key, file);
        } finally {
            try {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                LOG.warning(() -> "cannot delete the staged file " + file + ": " + e);
            }
        }
    }
}
