package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ImportedTable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many changes an append to each table may carry, learnt by each execution environment: an append too slow for
 * its claim ({@link ChangeLog.AppendTooSlow}: its partition or table throttled) quarters its table's size, down to
 * one change, and each committed append grows it back by a quarter, up to {@link ChangeLog#MAX_CHANGES_PER_APPEND}.
 * A throttled log so still makes progress (an append that never fits its claim would be rolled back and retried
 * whole until its records ran out of retries), and a quiet one returns to full appends. The payload bound shrinks in
 * proportion.
 */
final class AppendSizes {
    /** Tables remembered per environment; one forgotten starts again at full size. */
    static final int REMEMBERED = 1_000;
    private static final int SHRINK_BY = 4;

    private final Map<ImportedTable, Integer> sizes = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<ImportedTable, Integer> eldest) {
                    return size() > REMEMBERED;
                }
            });

    /** Changes the next append to {@code table} may carry. */
    int changes(ImportedTable table) {
        return sizes.getOrDefault(table, ChangeLog.MAX_CHANGES_PER_APPEND);
    }

    /** Payload bytes the next append to {@code table} may carry (one change always fits, whatever its size). */
    long bytes(ImportedTable table) {
        return ChangeLog.MAX_APPEND_BYTES * changes(table) / ChangeLog.MAX_CHANGES_PER_APPEND;
    }

    /** After a too-slow append: smaller from now on; false when it was one change already (smaller cannot help). */
    boolean shrink(ImportedTable table) {
        int size = changes(table);
        if (size == 1) {
            return false;
        }
        sizes.put(table, Math.max(1, size / SHRINK_BY));
        return true;
    }

    /** After a committed append: a quarter larger, back to the full size and forgotten once there. */
    void committed(ImportedTable table) {
        int size = changes(table);
        if (size < ChangeLog.MAX_CHANGES_PER_APPEND) {
            int grown = Math.min(ChangeLog.MAX_CHANGES_PER_APPEND, size + Math.max(1, size / 4));
            if (grown == ChangeLog.MAX_CHANGES_PER_APPEND) {
                sizes.remove(table);
            } else {
                sizes.put(table, grown);
            }
        }
    }
}
