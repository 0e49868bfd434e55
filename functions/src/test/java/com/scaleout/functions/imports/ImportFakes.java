package com.scaleout.functions.imports;

import com.scaleout.functions.imports.application.ImportKeyMarks;
import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.application.RecordStore;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** In-memory stand-ins for the import workload's ports, with the semantics of their DynamoDB adapters. */
public final class ImportFakes {
    private ImportFakes() {
    }

    /**
     * The latest record per key, stored under the DynamoDB adapter's condition: a record is written only when its
     * key is absent or holds an older sequence. Remembers every batch it was given.
     */
    public static final class MemoryRecordStore implements RecordStore {
        private final Map<String, ImportRecord> byKeyId = new LinkedHashMap<>();
        private final List<List<ImportRecord>> upserts = new ArrayList<>();

        @Override
        public synchronized UpsertResult upsert(Collection<ImportRecord> records, Instant deadline) {
            upserts.add(List.copyOf(records));
            int applied = 0;
            for (ImportRecord record : records) {
                ImportRecord stored = byKeyId.get(record.key().id());
                if (stored == null || stored.sequence() < record.sequence()) {
                    byKeyId.put(record.key().id(), record);
                    applied++;
                }
            }
            return new UpsertResult(applied, records.size() - applied);
        }

        /** Every stored record, in the order its key was first written. */
        public synchronized List<ImportRecord> stored() {
            return List.copyOf(byKeyId.values());
        }

        /** The records of each {@link #upsert} call, in call order. */
        public synchronized List<List<ImportRecord>> upserts() {
            return List.copyOf(upserts);
        }
    }

    /** Import keys by key id; counts look-ups, so that a test sees what the key cache spares the store. */
    public static final class MemoryKeyStore implements ImportKeyStore {
        private final Map<String, ImportKey> byId = new HashMap<>();
        private int finds;

        @Override
        public synchronized void create(ImportKey key) {
            if (byId.putIfAbsent(key.keyId(), key) != null) {
                throw new IllegalStateException("key id " + key.keyId() + " exists");
            }
        }

        @Override
        public synchronized Optional<ImportKey> find(String keyId) {
            finds++;
            return Optional.ofNullable(byId.get(keyId));
        }

        @Override
        public synchronized boolean revoke(String keyId, Instant at) {
            ImportKey key = byId.get(keyId);
            if (key == null) {
                return false;
            }
            if (key.isActive()) {
                byId.put(keyId, new ImportKey(key.keyId(), key.clientId(), key.name(), key.tokenHash(),
                        key.createdAt(), Optional.of(at)));
            }
            return true;
        }

        public synchronized int finds() {
            return finds;
        }
    }

    /**
     * The shared marks of every environment, in memory: {@link #flush()} loses them as a restarted cache does,
     * {@link #down(boolean)} makes every call throw as an unreachable cache does.
     */
    public static final class MemoryKeyMarks implements ImportKeyMarks {
        private final Map<String, Mark> marks = new HashMap<>();
        private final Map<String, Duration> ttls = new HashMap<>();
        private boolean down;

        @Override
        public synchronized Optional<Mark> find(String keyId) {
            reachable();
            return Optional.ofNullable(marks.get(keyId));
        }

        @Override
        public synchronized void markActive(String keyId, Duration ttl) {
            reachable();
            if (marks.putIfAbsent(keyId, Mark.ACTIVE) == null) {
                ttls.put(keyId, ttl);
            }
        }

        @Override
        public synchronized void markRevoked(String keyId, Duration ttl) {
            reachable();
            marks.put(keyId, Mark.REVOKED);
            ttls.put(keyId, ttl);
        }

        /** How long the key's mark was set to last. */
        public synchronized Optional<Duration> ttlOf(String keyId) {
            return Optional.ofNullable(ttls.get(keyId));
        }

        public synchronized void flush() {
            marks.clear();
            ttls.clear();
        }

        public synchronized void down(boolean unreachable) {
            this.down = unreachable;
        }

        private void reachable() {
            if (down) {
                throw new IllegalStateException("cache unreachable");
            }
        }
    }
}
