package com.scaleout.functions.imports.dynamodb;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;

/**
 * Physical table names of the import workload, as the CDK app or the local runtime handed them over, and the
 * attribute names of their items (docs/data-model.md draws them).
 */
public record ImportTables(String keys, String records, String changes, String stats) {
    public static final String IMPORT_KEYS = "ImportKeys";
    public static final String IMPORT_RECORDS = "ImportRecords";
    public static final String IMPORT_CHANGES = "ImportChanges";
    public static final String IMPORT_TABLES = "ImportTables";

    public static ImportTables fromEnvironment() {
        return new ImportTables(name(IMPORT_KEYS), name(IMPORT_RECORDS), name(IMPORT_CHANGES), name(IMPORT_TABLES));
    }

    private static String name(String table) {
        return RuntimeEnvironment.variable(Settings.table(table)).orElse(null);
    }

    /** ImportRecords: the latest record per (client, table, key). */
    static final class Record {
        static final String ID = "recordId";
        static final String CLIENT_ID = "clientId";
        static final String TABLE = "tableName";
        static final String SEQUENCE = "sequence";
        static final String KEY = "keyJson";
        static final String DATA = "dataJson";
        static final String APPLIED_AT = "appliedAt";

        private Record() {
        }
    }

    /**
     * ImportChanges: a table's change log under {@code log} = "&lt;clientId&gt;/&lt;table name&gt;", one item per
     * position; and, under {@code log} = "mark/&lt;recordId&gt;/&lt;sequence&gt;" at position 0, the mark that a change
     * is logged, which expires (a stream keeps records for 24 hours, so a week outlasts any redelivery).
     */
    static final class Change {
        static final String LOG = "log";
        static final String POSITION = "position";
        static final String SEQUENCE = "sequence";
        static final String RECORD_ID = "recordId";
        static final String KEY = "keyJson";
        static final String DATA = "dataJson";
        /** Epoch milliseconds the record store wrote the change (absent on changes logged before it was kept). */
        static final String RECEIVED_AT = "receivedAt";
        static final String EXPIRES_AT = "expiresAt";
        /** On a dedupe mark: the log and position of its change (it counts once that position is committed). */
        static final String MARKED_LOG = "markedLog";
        static final String MARKED_POSITION = "markedPosition";

        private Change() {
        }
    }

    /**
     * ImportTables: a table's statistics, by client (the client id as a string) and table name. {@code columns} is
     * a string set of "&lt;name&gt;\t&lt;type&gt;" entries (a name may hold a tab; a type never does).
     */
    static final class Statistics {
        static final String CLIENT_ID = "clientId";
        static final String TABLE = "tableName";
        static final String LAST_POSITION = "lastPosition";
        static final String ROWS = "rows";
        static final String LAST_SEQUENCE = "lastSequence";
        static final String COLUMNS = "columns";
        static final String COLUMNS_TRUNCATED = "columnsTruncated";
        /** Field name to JSON type, as the latest batch's schema declares them (a map). */
        static final String DECLARED_TYPES = "declaredTypes";
        /** The positions an append has taken and not yet committed (see DynamoChangeLog). */
        static final String CLAIM = "claim";

        private Statistics() {
        }
    }

    /** ImportKeys: one item per key, by key id. */
    static final class Key {
        static final String ID = "keyId";
        static final String CLIENT_ID = "clientId";
        static final String NAME = "name";
        static final String TOKEN_HASH = "tokenHash";
        static final String CREATED_AT = "createdAt";
        static final String REVOKED_AT = "revokedAt";

        private Key() {
        }
    }
}
