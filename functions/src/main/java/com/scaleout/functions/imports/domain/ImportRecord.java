package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.json.Json;
import java.util.List;

/**
 * One valid record to upsert: the row of {@code table} identified by the values of {@code keyNames} in
 * {@code data} (or, append-only, by the record itself), at {@code sequence}. A record is applied only when its
 * sequence is greater than the stored one for its key, so replays and out-of-order retries converge.
 * {@code dataJson} is {@code data} as stored.
 */
public record ImportRecord(long clientId, String table, long sequence, List<String> keyNames, ObjectNode data,
                           RecordKey key, String dataJson) {

    public ImportRecord {
        keyNames = List.copyOf(keyNames);
    }

    public static ImportRecord of(long clientId, String table, long sequence, List<String> keyNames,
                                  ObjectNode data) {
        RecordKey key = keyNames.isEmpty()
                ? RecordKey.appendOnly(clientId, table, sequence, data)
                : RecordKey.of(clientId, table, keyNames, data);
        // serialized once: the size limit is checked on it, and it is what gets stored
        return new ImportRecord(clientId, table, sequence, keyNames, data, key, Json.write(data));
    }
}
