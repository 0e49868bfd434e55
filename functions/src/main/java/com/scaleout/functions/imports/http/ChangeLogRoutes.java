package com.scaleout.functions.imports.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.scaleout.functions.shared.http.PageRequests;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.domain.ImportLimits;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.shared.http.ApiException;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.paging.Page;
import java.util.SortedMap;
import java.util.regex.Pattern;

/**
 * {@code GET /v2/import/tables} and {@code GET /v2/import/tables/{table}/changes}: the caller's tables with their
 * statistics, and a table's change log for a replicator to page through with {@code after}. A table with no
 * change logged (unknown, or its first changes not logged yet) has an empty log rather than a 404, so that a
 * replicator may start reading before the first push is logged.
 */
final class ChangeLogRoutes {
    static final int MAX_TABLES = 100;
    static final int DEFAULT_CHANGES = 100;
    static final int MAX_CHANGES = 1_000;
    private static final Pattern POSITION = Pattern.compile("[0-9]{1,19}");

    private ChangeLogRoutes() {
    }

    /** A table as listed; {@code columnsTruncated} when some columns were past the tracking cap. */
    record TableView(String name, long rows, SortedMap<String, String> columns, boolean columnsTruncated,
                     long lastSequence, long lastPosition) {
        static TableView of(TableStatistics statistics) {
            return new TableView(statistics.table().name(), statistics.rows(), statistics.columns().typesByName(),
                    statistics.columns().truncated(), statistics.lastSequence(), statistics.lastPosition());
        }
    }

    /** A logged change; key and data are the JSON stored, written as they are (numbers keep their form). */
    record ChangeView(long position, long sequence, @JsonRawValue String key, @JsonRawValue String data) {
        static ChangeView of(LoggedChange change) {
            return new ChangeView(change.position(), change.sequence(), change.keyJson(), change.dataJson());
        }
    }

    static APIGatewayV2HTTPResponse tables(ChangeLogService changeLog, long clientId, ApiRequest request) {
        var page = PageRequests.from(request, MAX_TABLES, MAX_TABLES, ChangeLogRoutes::isTableName);
        var tables = changeLog.tables(clientId, page.limit(), page.before());
        String next = page.nextCursor(tables.tables().isEmpty() ? null : tables.tables().getLast().table().name(),
                tables.more());
        return HttpResponses.json(200, new Page<>(tables.tables().stream().map(TableView::of).toList(), next));
    }

    static APIGatewayV2HTTPResponse changes(ChangeLogService changeLog, long clientId, ApiRequest request) {
        String table = request.pathParameter("table");
        if (!isTableName(table)) {
            throw ApiException.invalidField("table", "must be at most " + ImportLimits.MAX_TABLE_NAME_LENGTH
                    + " characters");
        }
        long after = request.query("after").map(ChangeLogRoutes::position).orElse(0L);
        int limit = PageRequests.limit(request, DEFAULT_CHANGES, MAX_CHANGES);
        var page = changeLog.changes(new ImportedTable(clientId, table), after, limit);
        String next = page.next().isPresent() ? Long.toString(page.next().getAsLong()) : null;
        return HttpResponses.json(200, new Page<>(page.changes().stream().map(ChangeView::of).toList(), next));
    }

    private static boolean isTableName(String name) {
        return !name.isEmpty() && ImportLimits.length(name) <= ImportLimits.MAX_TABLE_NAME_LENGTH;
    }

    private static long position(String text) {
        if (POSITION.matcher(text).matches()) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException tooLarge) {
                // reported below
            }
        }
        throw ApiException.invalidField("after", "must be a position (an integer from 0) or a next value this "
                + "route returned");
    }
}
