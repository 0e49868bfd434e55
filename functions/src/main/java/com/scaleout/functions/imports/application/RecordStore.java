package com.scaleout.functions.imports.application;

import com.scaleout.functions.imports.domain.ImportRecord;
import java.time.Instant;
import java.util.Collection;

/** Durable storage of the latest record per key (DynamoDB in production). */
public interface RecordStore {

    /**
     * Stores each record unless its key already holds an equal or greater sequence. Returns only once every
     * record is stored or found stale; throws {@link StoreBusyException} if that cannot happen by the deadline.
     */
    UpsertResult upsert(Collection<ImportRecord> records, Instant deadline);

    /** How many records were applied, and how many were older than (or as old as) what was stored. */
    record UpsertResult(int applied, int stale) {
    }

    /** The store throttled or was too slow to take every record in time; nothing is lost, the caller retries. */
    final class StoreBusyException extends RuntimeException {
        public StoreBusyException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
