package com.scaleout.warehouse.domain;

import com.scaleout.functions.imports.domain.ImportedTable;
import java.util.Locale;

/**
 * What a warehouse table is called in the Glue Data Catalog: {@code client_<id>__<name>}, one catalog table per
 * client and imported table, so that an IAM policy on {@code table/<database>/client_<id>__*} gives a client's
 * Athena users its tables and no other's. Glue and Athena take lower-case letters, digits and underscores; a name
 * that had to change to fit gets a short hash of the original, so that {@code Orders} and {@code orders} (two
 * tables to the import API) stay two catalog tables.
 */
public final class CatalogTables {
    /** Glue's limit on a table name. */
    static final int MAX_NAME_LENGTH = 255;
    /** Room kept for the prefix and the hash: the part of the imported name that is kept. */
    private static final int MAX_KEPT = 200;

    private CatalogTables() {
    }

    /** The catalog table of an imported table. */
    public static String name(ImportedTable table) {
        String fitted = table.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        if (fitted.length() > MAX_KEPT) {
            fitted = fitted.substring(0, MAX_KEPT);
        }
        if (!fitted.equals(table.name())) {
            fitted = fitted + "_" + Hashes.sha256Hex(table.name(), 4);
        }
        return clientPrefix(table.clientId()) + fitted;
    }

    /** The start of every catalog table name of one client (the double underscore ends the id: 42 is not 420). */
    public static String clientPrefix(long clientId) {
        return "client_" + clientId + "__";
    }
}
