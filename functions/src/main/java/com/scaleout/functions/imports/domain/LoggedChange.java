package com.scaleout.functions.imports.domain;

import java.time.Instant;

/**
 * An entry of a table's change log: the change at {@code position} (1, 2, 3, ... without gaps), received at
 * {@code receivedAt} (null for changes logged before the log kept it).
 */
public record LoggedChange(long position, long sequence, String recordId, String keyJson, String dataJson,
                           Instant receivedAt) {

    /** An entry whose time of receipt is not known. */
    public LoggedChange(long position, long sequence, String recordId, String keyJson, String dataJson) {
        this(position, sequence, recordId, keyJson, dataJson, null);
    }

    /** UTF-8 bytes of key and data: what a page of changes mostly consists of. */
    public long payloadBytes() {
        return Utf8.length(keyJson) + Utf8.length(dataJson);
    }
}
