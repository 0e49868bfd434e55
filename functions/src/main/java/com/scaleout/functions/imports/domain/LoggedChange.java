package com.scaleout.functions.imports.domain;

/** An entry of a table's change log: the change at {@code position} (1, 2, 3, ... without gaps). */
public record LoggedChange(long position, long sequence, String recordId, String keyJson, String dataJson) {

    /** UTF-8 bytes of key and data: what a page of changes mostly consists of. */
    public long payloadBytes() {
        return Utf8.length(keyJson) + Utf8.length(dataJson);
    }
}
