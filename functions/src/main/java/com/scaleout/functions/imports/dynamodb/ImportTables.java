package com.scaleout.functions.imports.dynamodb;

import com.scaleout.declaration.TableSpec;
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
        return RuntimeEnvironment.variable(TableSpec.environmentVariable(table)).orElse(null);
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
