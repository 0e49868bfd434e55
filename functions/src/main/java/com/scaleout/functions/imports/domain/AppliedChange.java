package com.scaleout.functions.imports.domain;


/**
 * A change the record store applied, as its stream reports it: a record of {@code table} stored at
 * {@code sequence}, {@code newKey} when its key had no record before. Key and data stay the JSON text they were
 * stored as, so the log hands replicators exactly what the client sent.
 */
public record AppliedChange(ImportedTable table, String recordId, long sequence, boolean newKey, String keyJson,
                            String dataJson) {

    public ChangeId id() {
        return new ChangeId(recordId, sequence);
    }

    /** UTF-8 bytes of what the log stores for the change beyond fixed-size fields. */
    public long payloadBytes() {
        return Utf8.length(keyJson) + Utf8.length(dataJson) + Utf8.length(table.name()) + Utf8.length(recordId);
    }

}
