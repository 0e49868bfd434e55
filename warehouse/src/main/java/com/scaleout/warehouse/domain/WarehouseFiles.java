package com.scaleout.warehouse.domain;

import com.scaleout.functions.imports.domain.ImportedTable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * Where the warehouse keeps a table's files: {@code client=<id>/table=<name>/dt=<yyyy-mm-dd>/<position>.parquet}.
 * A file is named after the log position of its first row, and its day is the day that row was received, both
 * fixed once the position is committed: a load that is retried (with the same first position and perhaps more
 * rows) writes the same key again, replacing the file rather than adding one beside it.
 */
public final class WarehouseFiles {
    /** For changes logged before the log kept their time of receipt: a fixed day, so that retries agree. */
    static final LocalDate UNKNOWN_DAY = LocalDate.EPOCH;

    private WarehouseFiles() {
    }

    /** The prefix of every file of one client: what a client's queries may read, and nothing else. */
    public static String clientPrefix(long clientId) {
        return "client=" + clientId + "/";
    }

    /** The prefix of every file of one table. */
    public static String tablePrefix(ImportedTable table) {
        return clientPrefix(table.clientId()) + "table=" + escapedName(table.name()) + "/";
    }

    /** The key of the file whose first row is at {@code firstPosition}, received at {@code firstReceivedAt}. */
    public static String fileKey(ImportedTable table, long firstPosition, Instant firstReceivedAt) {
        // zero-padded, so that the files of a day list in log order
        return tablePrefix(table) + "dt=" + day(firstReceivedAt) + "/" + String.format("%020d", firstPosition) + ".parquet";
    }

    /** The day (UTC) of the file whose first row was received at {@code firstReceivedAt}: its {@code dt}. */
    public static LocalDate day(Instant firstReceivedAt) {
        return firstReceivedAt == null ? UNKNOWN_DAY : LocalDate.ofInstant(firstReceivedAt, ZoneOffset.UTC);
    }

    /** A table name as a path segment (Hive's partition escaping: anything but letters, digits, - _ . as %XX). */
    public static String escapedName(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A")
                .replace("~", "%7E");
    }
}
