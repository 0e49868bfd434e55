package com.scaleout.functions.imports.fakes;

import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.Columns;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The change log in memory, with DynamoDB's append semantics: all or nothing, refused when the log no longer ends
 * where the writer expected or one of its changes is logged already. Tests can make another writer append first,
 * or make an append fail, to see how the service copes.
 */
public final class InMemoryChangeLog implements ChangeLog {
    private final Map<ImportedTable, TableStatistics> statistics = new HashMap<>();
    private final Map<ImportedTable, TreeMap<Long, LoggedChange>> logs = new HashMap<>();
    private final Map<ImportedTable, Map<String, String>> declaredTypes = new HashMap<>();
    private final Set<ChangeId> marks = new HashSet<>();
    private final List<Append> committed = new ArrayList<>();
    private final List<Consumer<Append>> beforeAppends = new ArrayList<>();
    private int refusedAppends;

    /** Runs {@code action} (e.g. another writer's append) just before the next append is attempted. */
    public synchronized void beforeNextAppend(Consumer<Append> action) {
        beforeAppends.add(action);
    }

    /** Every committed append, in commit order. */
    public synchronized List<Append> committed() {
        return List.copyOf(committed);
    }

    public synchronized int refusedAppends() {
        return refusedAppends;
    }

    public synchronized List<LoggedChange> log(ImportedTable table) {
        return List.copyOf(logs.getOrDefault(table, new TreeMap<>()).values());
    }

    /** Puts a change at a position as is, bypassing appends (to make a log look like a read mid-commit). */
    public synchronized void putRaw(ImportedTable table, LoggedChange change) {
        logs.computeIfAbsent(table, t -> new TreeMap<>()).put(change.position(), change);
    }

    @Override
    public synchronized Optional<TableStatistics> statistics(ImportedTable table) {
        return Optional.ofNullable(statistics.get(table));
    }

    @Override
    public synchronized void declareTypes(ImportedTable table, Map<String, String> types) {
        declaredTypes.put(table, Map.copyOf(types));
    }

    /** What {@link #declareTypes} last recorded for the table. */
    public synchronized Map<String, String> declaredTypes(ImportedTable table) {
        return declaredTypes.getOrDefault(table, Map.of());
    }

    @Override
    public synchronized Set<ChangeId> logged(Collection<ChangeId> changes) {
        var found = new HashSet<>(changes);
        found.retainAll(marks);
        return found;
    }

    @Override
    public boolean append(Append append) {
        List<Consumer<Append>> actions;
        synchronized (this) {
            actions = List.copyOf(beforeAppends);
            beforeAppends.clear();
        }
        actions.forEach(action -> action.accept(append));
        synchronized (this) {
            TableStatistics before = statistics.getOrDefault(append.table(), TableStatistics.empty(append.table()));
            boolean markTaken = append.changes().stream().anyMatch(change -> marks.contains(idOf(change)));
            if (before.lastPosition() != append.expectedLastPosition() || markTaken) {
                refusedAppends++;
                return false;
            }
            var log = logs.computeIfAbsent(append.table(), t -> new TreeMap<>());
            for (LoggedChange change : append.changes()) {
                log.put(change.position(), change);
                marks.add(idOf(change));
            }
            var columns = new LinkedHashSet<>(before.columns().tracked());
            columns.addAll(append.addedColumns());
            statistics.put(append.table(), new TableStatistics(append.table(), append.lastPosition(),
                    before.rows() + append.addedRows(), append.lastSequence(),
                    new Columns(columns, before.columns().truncated() || append.columnsTruncated())));
            committed.add(append);
            return true;
        }
    }

    private static ChangeId idOf(LoggedChange change) {
        return new ChangeId(change.recordId(), change.sequence());
    }

    @Override
    public synchronized TablesPage tables(long clientId, int limit, Optional<String> afterName) {
        var names = new TreeMap<String, TableStatistics>();
        statistics.forEach((table, stats) -> {
            if (table.clientId() == clientId && afterName.map(after -> table.name().compareTo(after) > 0)
                    .orElse(true)) {
                names.put(table.name(), stats);
            }
        });
        var page = new ArrayList<>(names.values());
        boolean more = page.size() > limit;
        return new TablesPage(more ? page.subList(0, limit) : page, more);
    }

    @Override
    public synchronized List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit,
                                                   long maxBytes) {
        var page = new ArrayList<LoggedChange>();
        long bytes = 0;
        for (LoggedChange change : logs.getOrDefault(table, new TreeMap<>()).tailMap(afterPosition, false).values()) {
            if (page.size() == limit || bytes >= maxBytes) {
                break;
            }
            page.add(change);
            bytes += change.payloadBytes();
        }
        return page;
    }
}
