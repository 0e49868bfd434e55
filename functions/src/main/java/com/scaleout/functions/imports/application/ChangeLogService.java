package com.scaleout.functions.imports.application;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.imports.domain.AppliedChange;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.Columns;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.retry.Jitter;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The import hand-off: per table, a change log of every applied change at positions 1, 2, 3, ... without gaps,
 * in commit order, and the table's statistics; fed by the record store's stream, read by replicators and by
 * {@code GET /v2/import/tables}.
 *
 * <p>Records of one table reach the stream on many shards, so several writers may append to one log at once.
 * Each append is conditioned on the log's last position: of two racing writers one commits, the other reads the
 * log's end again and retries (a bounded number of times, then the caller retries later). Before appending, the
 * changes' dedupe marks are read, and changes logged already are dropped: a stream record delivered again (a
 * retried batch) changes nothing, and a new key is counted once.
 */
public final class ChangeLogService {
    private static final Logger LOG = Logger.getLogger(ChangeLogService.class.getName());
    /** Consecutive lost races on one log before its remaining changes are left to the caller's retry. */
    static final int MAX_ATTEMPTS = 10;
    /**
     * Key and data bytes in one page of changes (one change more may end it, ≤ 380 KB): the body is about that
     * size, and Lambda's 6 MB limit applies to the response envelope, where the body is a JSON string and each of
     * its quotes and backslashes doubles, so the worst case is twice (2 + 0.38) MB.
     */
    static final long MAX_PAGE_BYTES = 2_000_000;
    /**
     * Equal jitter between lost races: half the ceiling (40 ms, doubling to 1 s) for sure, half at random. The sure
     * half makes the waits of Lambda's retries of one batch (11 invocations) add up to more than an abandoned
     * append's claim lives (see DynamoChangeLog), so a table blocked by a dead appender is freed before its changes
     * run out of retries.
     */
    private static final Retry LOST_RACES =
            Retry.on(Jitter.equal(Duration.ofMillis(40), Duration.ofSeconds(1))).atMost(MAX_ATTEMPTS);

    /** Tables whose declaration this environment remembers having written, and for how long it trusts that. */
    static final int REMEMBERED_DECLARATIONS = 1_000;
    static final Duration DECLARATION_REMEMBERED = Duration.ofMinutes(5);

    private final ChangeLog log;
    private final Retry lostRaces;
    private final AppendSizes sizes = new AppendSizes();
    /** What this environment last declared per table, and when (nanoTime): the same batch schema is not rewritten. */
    private final Map<ImportedTable, Declared> declared = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<ImportedTable, Declared> eldest) {
                    return size() > REMEMBERED_DECLARATIONS;
                }
            });

    private record Declared(Map<String, String> types, long atNanos) {
    }

    public ChangeLogService(ChangeLog log) {
        this(log, Thread::sleep);
    }

    /** With a sleeper of the test's, which need not really wait. */
    ChangeLogService(ChangeLog log, Retry.Sleeper sleeper) {
        this.log = log;
        this.lostRaces = LOST_RACES.withSleeper(sleeper);
    }

    /** A page of a table's changes; {@code next} (the last position) when more may follow at once. */
    public record ChangesPage(List<LoggedChange> changes, OptionalLong next) {
        public ChangesPage {
            changes = List.copyOf(changes);
        }
    }

    /**
     * Logs the changes not logged yet, keeping their order within each table. Returns the index of the first
     * change that is not logged (its log kept losing races, the store failed, or the change is unreadable), so that
     * the caller retries from it; every change before it is logged. Empty when all are.
     */
    public OptionalInt record(List<AppliedChange> changes) {
        var byTable = new LinkedHashMap<ImportedTable, List<Integer>>();
        for (int i = 0; i < changes.size(); i++) {
            byTable.computeIfAbsent(changes.get(i).table(), table -> new ArrayList<>()).add(i);
        }
        int firstFailed = Integer.MAX_VALUE;
        for (var entry : byTable.entrySet()) {
            // changes after a failure come again with the retry: no need to spend this invocation on them
            int failedSoFar = firstFailed;
            List<Integer> indexes = entry.getValue().stream().filter(index -> index < failedSoFar).toList();
            List<AppliedChange> pending = indexes.stream().map(changes::get).toList();
            int logged = appendAll(entry.getKey(), pending);
            if (logged < pending.size()) {
                firstFailed = Math.min(firstFailed, indexes.get(logged));
            }
        }
        return firstFailed == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(firstFailed);
    }

    /** Appends one table's changes in chunks; returns how many (a prefix of {@code pending}) are logged. */
    private int appendAll(ImportedTable table, List<AppliedChange> pending) {
        var appender = new TableAppender(table, pending);
        try {
            while (!appender.finished()) {
                Step step = lostRaces.until(appender::next, Step::settled);
                if (!step.settled()) {
                    if (!Thread.currentThread().isInterrupted()) {
                        LOG.warning(() -> "change log " + table + ": " + MAX_ATTEMPTS + " appends in a row lost a "
                                + "race or ran out of time; the rest is left for the retry");
                    }
                    return appender.done;
                }
                if (step == Step.UNREADABLE) {
                    return appender.done; // the caller reports it
                }
            }
            return appender.done;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "change log " + table + ": append failed; the rest is left for the retry", e);
            return appender.done;
        }
    }

    /** What one step of a table's appends came to; a race lost or an append too slow is tried again at once. */
    private enum Step {
        PROGRESSED, UNREADABLE, LOST_RACE, SHRUNK;

        boolean settled() {
            return this == PROGRESSED || this == UNREADABLE;
        }
    }

    /** One table's pending changes, appended a chunk a step; {@code done} of them (a prefix) are logged. */
    private final class TableAppender {
        private final ImportedTable table;
        private final List<AppliedChange> pending;
        private int done;
        private TableStatistics statistics;
        private Set<ChangeId> logged;

        TableAppender(ImportedTable table, List<AppliedChange> pending) {
            this.table = table;
            this.pending = pending;
        }

        boolean finished() {
            return done >= pending.size();
        }

        Step next() {
            if (statistics == null) {
                statistics = log.statistics(table).orElseGet(() -> TableStatistics.empty(table));
                logged = new HashSet<>(log.logged(pending.subList(done, pending.size()).stream()
                        .map(AppliedChange::id).toList()));
            }
            Chunk chunk = nextChunk(pending, done, logged, sizes.changes(table), sizes.bytes(table));
            if (chunk.changes().isEmpty()) {
                if (chunk.end() == done) {
                    return Step.UNREADABLE;
                }
                done = chunk.end();
                return Step.PROGRESSED;
            }
            Planned planned = plan(statistics, chunk);
            boolean appended;
            try {
                appended = log.append(planned.append());
            } catch (ChangeLog.AppendTooSlow e) {
                if (!sizes.shrink(table)) {
                    throw e; // one change a time did not fit: left for the retry
                }
                LOG.info(() -> "change log " + table + ": an append of " + chunk.changes().size() + " changes did "
                        + "not fit its claim's time; appending " + sizes.changes(table) + " at a time");
                statistics = null; // nothing of it stays: read the log's end and the marks again
                return Step.SHRUNK;
            }
            if (!appended) {
                statistics = null; // someone else appended: read the log's end and the marks again
                return Step.LOST_RACE;
            }
            sizes.committed(table);
            statistics = planned.after();
            for (AppliedChange change : chunk.changes()) {
                logged.add(change.id());
            }
            done = chunk.end();
            return Step.PROGRESSED;
        }
    }

    /** Changes that fit one append, with the columns of each; {@code end} is where the next chunk starts. */
    private record Chunk(List<AppliedChange> changes, List<List<Columns.Column>> columns, int end) {
    }

    /**
     * From {@code start}: skips changes logged already, and takes the rest in order while they fit one append (at most
     * {@code maxChanges}, and {@code maxBytes} of payload but for the first change). Stops
     * before an unreadable change, so that it is reported on its own (a chunk of none, ending where it is).
     */
    private static Chunk nextChunk(List<AppliedChange> pending, int start, Set<ChangeId> logged, int maxChanges,
                                   long maxBytes) {
        var changes = new ArrayList<AppliedChange>();
        var columns = new ArrayList<List<Columns.Column>>();
        var inChunk = new HashSet<ChangeId>();
        long bytes = 0;
        int next = start;
        for (; next < pending.size(); next++) {
            AppliedChange change = pending.get(next);
            if (logged.contains(change.id()) || inChunk.contains(change.id())) {
                continue;
            }
            if (changes.size() == maxChanges || (!changes.isEmpty() && bytes + change.payloadBytes() > maxBytes)) {
                break;
            }
            Optional<List<Columns.Column>> fields = columnsOf(change);
            if (fields.isEmpty()) {
                LOG.warning(() -> "change log " + change.table() + ": record " + change.recordId()
                        + " has data that is not a JSON object; reported for retry");
                break;
            }
            changes.add(change);
            columns.add(fields.get());
            inChunk.add(change.id());
            bytes += change.payloadBytes();
        }
        return new Chunk(changes, columns, next);
    }

    private static Optional<List<Columns.Column>> columnsOf(AppliedChange change) {
        try {
            JsonNode data = Json.MAPPER.readTree(change.dataJson());
            return data != null && data.isObject() ? Optional.of(Columns.of(data)) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The append of a chunk after {@code before}, and the statistics once it is committed. */
    private record Planned(ChangeLog.Append append, TableStatistics after) {
    }

    private static Planned plan(TableStatistics before, Chunk chunk) {
        long position = before.lastPosition();
        long addedRows = 0;
        long lastSequence = before.lastSequence();
        var entries = new ArrayList<LoggedChange>(chunk.changes().size());
        var seen = new ArrayList<Columns.Column>();
        for (int i = 0; i < chunk.changes().size(); i++) {
            AppliedChange change = chunk.changes().get(i);
            entries.add(new LoggedChange(++position, change.sequence(), change.recordId(), change.keyJson(),
                    change.dataJson(), change.receivedAt()));
            addedRows += change.newKey() ? 1 : 0;
            lastSequence = Math.max(lastSequence, change.sequence());
            seen.addAll(chunk.columns().get(i));
        }
        Columns columns = before.columns().plus(seen);
        var append = new ChangeLog.Append(before.table(), before.lastPosition(), entries, addedRows, lastSequence,
                columns.addedSince(before.columns()), columns.truncated());
        var after = new TableStatistics(before.table(), position, before.rows() + addedRows, lastSequence, columns);
        return new Planned(append, after);
    }

    /**
     * Records the types a batch's schema declares for its table, for the warehouse: nothing when it declares
     * none (a schema of {@code anyOf}s, say), so an earlier declaration stands, nor when this environment wrote the
     * same declaration in the last {@link #DECLARATION_REMEMBERED} (it sits on the table's hot statistics item).
     */
    public void declareTypes(ImportedTable table, Map<String, String> types) {
        if (types.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        Declared last = declared.get(table);
        // a client's batches of one table carry the same schema: one write per environment and few minutes (a
        // reset of the tables meanwhile leaves the warehouse typing those minutes' records by their values)
        if (last != null && last.types().equals(types) && now - last.atNanos() < DECLARATION_REMEMBERED.toNanos()) {
            return;
        }
        log.declareTypes(table, types);
        declared.put(table, new Declared(Map.copyOf(types), now));
    }

    /** A client's tables, by name. */
    public ChangeLog.TablesPage tables(long clientId, int limit, Optional<String> afterName) {
        return log.tables(clientId, limit, afterName);
    }

    /**
     * Changes after {@code afterPosition}. Positions have no gaps, so a hole in what was read can only be an
     * append whose commit this read did not see in full: the page ends before it, and the hole is read again next
     * time rather than skipped. An unknown table has an empty log.
     */
    public ChangesPage changes(ImportedTable table, long afterPosition, int limit) {
        List<LoggedChange> read = log.changes(table, afterPosition, limit, MAX_PAGE_BYTES);
        int contiguous = 0;
        while (contiguous < read.size() && read.get(contiguous).position() == afterPosition + contiguous + 1) {
            contiguous++;
        }
        List<LoggedChange> page = read.subList(0, contiguous);
        long bytes = page.stream().mapToLong(LoggedChange::payloadBytes).sum();
        boolean more = !page.isEmpty() && contiguous == read.size()
                && (page.size() == limit || bytes >= MAX_PAGE_BYTES);
        return new ChangesPage(page, more ? OptionalLong.of(page.getLast().position()) : OptionalLong.empty());
    }
}
