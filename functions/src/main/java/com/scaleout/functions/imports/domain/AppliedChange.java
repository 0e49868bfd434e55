package com.scaleout.functions.imports.domain;

import java.time.Instant;


/**
 * A change the record store applied, as its stream reports it: a record of {@code table} stored at
 * {@code sequence}, {@code newKey} when its key had no record before. Key and data stay the JSON text they were
 * stored as, so the log hands replicators exactly what the client sent. {@code receivedAt} is when the store wrote
 * it (the stream record's creation time, to the second), null when unknown.
 */
public record AppliedChange(ImportedTable table, String recordId, long sequence, boolean newKey, String keyJson,
                            String dataJson, Instant receivedAt) {

    /** A change whose time of receipt is not known. */
    public AppliedChange(ImportedTable table, String recordId, long sequence, boolean newKey, String keyJson,
                         String dataJson) {
        this(table, recordId, sequence, newKey, keyJson, dataJson, null);
    }

    public ChangeId id() {
        return new ChangeId(recordId, sequence);
    }

    /** UTF-8 bytes of what the log stores for the change beyond fixed-size fields. */
    public long payloadBytes() {
        return Utf8.length(keyJson) + Utf8.length(dataJson) + Utf8.length(table.name()) + Utf8.length(recordId);
    }

}
