package com.scaleout.warehouse.testing;

import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Committed change logs in memory; only what the warehouse reads of them. */
public final class InMemoryChangeLog implements ChangeLog {
    private final Map<ImportedTable, List<LoggedChange>> logs = new HashMap<>();
    private final List<Long> readsUpTo = new ArrayList<>();

    /** Appends {@code count} changes of keys {@code id} = their position, received at {@code receivedAt}. */
    public void logged(ImportedTable table, int count, Instant receivedAt) {
        var log = logs.computeIfAbsent(table, t -> new ArrayList<>());
        for (int i = 0; i < count; i++) {
            long position = log.size() + 1;
            log.add(new LoggedChange(position, position, "r" + position, "{\"id\":" + position + "}",
                    "{\"id\":" + position + "}", receivedAt));
        }
    }

    /** Appends one change whose record is {@code json}, keyed by its position. */
    public void logged(ImportedTable table, String json, Instant receivedAt) {
        var log = logs.computeIfAbsent(table, t -> new ArrayList<>());
        long position = log.size() + 1;
        log.add(new LoggedChange(position, position, "r" + position, "{\"id\":" + position + "}", json, receivedAt));
    }

    /** The bounds ({@code committedUpTo}) of every read, in order. */
    public List<Long> readsUpTo() {
        return List.copyOf(readsUpTo);
    }

    @Override
    public List<LoggedChange> changesUpTo(ImportedTable table, long afterPosition, long committedUpTo, int limit,
                                          long maxBytes) {
        readsUpTo.add(committedUpTo);
        return logs.getOrDefault(table, List.of()).stream()
                .filter(c -> c.position() > afterPosition && c.position() <= committedUpTo).limit(limit).toList();
    }

    /** The warehouse knows what is committed from the stream: reading the committed position again is a fault. */
    @Override
    public List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes) {
        throw new UnsupportedOperationException("the warehouse reads up to the position its stream record commits");
    }

    @Override
    public Optional<TableStatistics> statistics(ImportedTable table) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void declareTypes(ImportedTable table, Map<String, String> types) {
        throw new UnsupportedOperationException("the warehouse reads the declared types from the stream");
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
