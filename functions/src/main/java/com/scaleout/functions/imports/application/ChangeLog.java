package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.Columns;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where each table's change log and statistics live (DynamoDB in production). An append is atomic as readers
 * see it and conditioned on the log's last position, so appends to one log are serialized however many writers
 * race.
 */
public interface ChangeLog {
    /** Changes in one append: its claim lists their dedupe marks on the statistics item, which stays small. */
    int MAX_CHANGES_PER_APPEND = 100;
    /** Payload bytes of one append's changes: bounds the work one append does before it commits. */
    long MAX_APPEND_BYTES = 3_500_000;

    /**
     * An append that could not write its changes within the time its claim allows (the log's partition or table
     * throttled it, or the store was slow), and wrote nothing that stays: a smaller append may fit.
     */
    final class AppendTooSlow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public AppendTooSlow(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The table's statistics as last committed (a consistent read); empty before its first change. */
    Optional<TableStatistics> statistics(ImportedTable table);

    /** Which of these changes are in their log already (a consistent read). */
    Set<ChangeId> logged(Collection<ChangeId> changes);

    /**
     * Appends {@code changes} (positions {@code expectedLastPosition + 1, + 2, ...}) and updates the statistics,
     * all or nothing. Returns false, having written nothing, when the log no longer ends at
     * {@code expectedLastPosition} or one of the changes was logged meanwhile: someone else appended.
     *
     * @throws AppendTooSlow when the changes could not be written in time, having written nothing that stays
     */
    boolean append(Append append);

    /**
     * Records the JSON type each field of the table is declared to have (by the latest batch's JSON Schema, see
     * {@code MessageSchema#declaredTypes}), on the table's statistics item, where the warehouse loader finds it in
     * each commit's image. Replaces what an earlier batch declared.
     */
    void declareTypes(ImportedTable table, Map<String, String> types);

    /** A client's tables by name, after {@code afterName} if given. */
    TablesPage tables(long clientId, int limit, Optional<String> afterName);

    /**
     * Changes after {@code afterPosition} in position order (a consistent read): at most {@code limit}, and no more
     * once {@code maxBytes} of key and data have been read.
     */
    List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes);

    /**
     * Changes after {@code afterPosition} up to {@code committedUpTo}, a position the caller knows is committed
     * (the warehouse loader has it from the statistics' stream record), in position order: at most {@code limit},
     * and no more once {@code maxBytes} of key and data have been read. What {@link #changes} gives, without reading
     * the committed position first; nothing past {@code committedUpTo}, so the caller must not pass a position it
     * has not seen committed. This default reads through {@link #changes} (positions have no gaps, so the first
     * {@code committedUpTo - afterPosition} changes are those); a log whose committed position costs a read skips it.
     */
    default List<LoggedChange> changesUpTo(ImportedTable table, long afterPosition, long committedUpTo, int limit,
                                           long maxBytes) {
        if (committedUpTo <= afterPosition) {
            return List.of();
        }
        return changes(table, afterPosition, (int) Math.min(limit, committedUpTo - afterPosition), maxBytes);
    }

    /**
     * One atomic append: the changes, and what the statistics gain: {@code addedRows} new keys, the highest
     * sequence so far, and columns not tracked before.
     */
    record Append(ImportedTable table, long expectedLastPosition, List<LoggedChange> changes, long addedRows,
                  long lastSequence, Set<Columns.Column> addedColumns, boolean columnsTruncated) {
        public Append {
            changes = List.copyOf(changes);
            addedColumns = Set.copyOf(addedColumns);
        }

        public long lastPosition() {
            return expectedLastPosition + changes.size();
        }
    }

    /** A page of tables; {@code more} when the listing may go on after the last one. */
    record TablesPage(List<TableStatistics> tables, boolean more) {
        public TablesPage {
            tables = List.copyOf(tables);
        }
    }
}
