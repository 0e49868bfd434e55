package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.text.Unicode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;

/**
 * The checks every record passes before anything is stored, one method per rule so that each reason is exact.
 * Each check answers the first thing wrong with a record (the 422 lists one reason per bad record, naming its
 * index), or the valid {@link ImportRecord}.
 */
public final class RecordRules {

    private RecordRules() {
    }

    /** The outcome for one record: valid, or the reason it is not. */
    public sealed interface Checked permits Valid, Invalid {
    }

    public record Valid(int index, ImportRecord record) implements Checked {
    }

    /** {@code clientId}: the client the record names, when its {@code client_id} is valid (push records only). */
    public record Invalid(int index, String reason, OptionalLong clientId) implements Checked {
        public Invalid(int index, String reason) {
            this(index, reason, OptionalLong.empty());
        }
    }

    /** A Stitch push record: {@code {client_id, table_name, sequence, action, key_names, data}}. */
    public static Checked pushRecord(int index, JsonNode record) {
        OptionalLong named = OptionalLong.empty();
        try {
            if (!record.isObject()) {
                throw new Reason("is not an object");
            }
            long clientId = clientId(record.get("client_id"));
            named = OptionalLong.of(clientId);
            String table = tableName(record.get("table_name"));
            long sequence = sequence(record.get("sequence"));
            action(record.get("action"));
            List<String> keyNames = keyNames(record.get("key_names"), false);
            ObjectNode data = data(record.get("data"), keyNames);
            return new Valid(index, sized(ImportRecord.of(clientId, table, sequence, keyNames, data)));
        } catch (Reason reason) {
            return new Invalid(index, "record " + index + ": " + reason.getMessage(), named);
        }
    }

    /** A message of a Stitch batch: {@code {action, sequence, data}}; table and key names come from the batch. */
    public static Checked batchMessage(int index, JsonNode message, long clientId, String table,
                                       List<String> keyNames) {
        try {
            if (!message.isObject()) {
                throw new Reason("is not an object");
            }
            action(message.get("action"));
            long sequence = sequence(message.get("sequence"));
            ObjectNode data = data(message.get("data"), keyNames);
            return new Valid(index, sized(ImportRecord.of(clientId, table, sequence, keyNames, data)));
        } catch (Reason reason) {
            return new Invalid(index, "message " + index + ": " + reason.getMessage());
        }
    }

    /**
     * An RJMetrics point: the data itself, with the names of its key fields in {@code keys}; arrival time is its
     * sequence.
     */
    public static Checked rjMetricsPoint(int index, JsonNode point, long clientId, String table, long sequence) {
        try {
            if (!point.isObject()) {
                throw new Reason("is not an object");
            }
            List<String> keyNames = keyNames(point.get("keys"), false, "keys");
            ObjectNode data = ((ObjectNode) point).deepCopy();
            data.remove("keys");
            return new Valid(index, sized(ImportRecord.of(clientId, table, sequence, keyNames, data(data, keyNames))));
        } catch (Reason reason) {
            return new Invalid(index, "point " + index + ": " + reason.getMessage());
        }
    }

    public static long clientId(JsonNode value) {
        if (value == null || value.isNull()) {
            throw new Reason("client_id is required");
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() <= 0) {
            throw new Reason("client_id must be a positive integer");
        }
        return value.asLong();
    }

    /** Also the RJMetrics-shape rule's first half: any non-blank name of at most 255 characters. */
    public static String tableName(JsonNode value) {
        if (value == null || value.isNull()) {
            throw new Reason("table_name is required");
        }
        if (!value.isTextual()) {
            throw new Reason("table_name must be a string");
        }
        String name = value.asText();
        if (name.isBlank()) {
            throw new Reason("table_name must not be blank");
        }
        if (ImportLimits.length(name) > ImportLimits.MAX_TABLE_NAME_LENGTH) {
            throw new Reason("table_name must be at most " + ImportLimits.MAX_TABLE_NAME_LENGTH + " characters");
        }
        if (name.chars().anyMatch(Character::isISOControl)) {
            throw new Reason("table_name must not contain control characters");
        }
        return name;
    }

    static long sequence(JsonNode value) {
        if (value == null || value.isNull()) {
            throw new Reason("sequence is required");
        }
        if (!value.isIntegralNumber()) {
            throw new Reason("sequence must be an integer");
        }
        if (!value.canConvertToLong()) {
            throw new Reason("sequence must be at most 9223372036854775807 and at least -9223372036854775808");
        }
        return value.asLong();
    }

    static void action(JsonNode value) {
        if (value == null || value.isNull()) {
            throw new Reason("action is required");
        }
        if (!value.isTextual() || !value.asText().equals("upsert")) {
            throw new Reason("action must be \"upsert\"");
        }
    }

    public static List<String> keyNames(JsonNode value, boolean emptyAllowed) {
        return keyNames(value, emptyAllowed, "key_names");
    }

    private static List<String> keyNames(JsonNode value, boolean emptyAllowed, String field) {
        if (value == null || value.isNull()) {
            throw new Reason(field + " is required");
        }
        if (!value.isArray()) {
            throw new Reason(field + " must be an array of field names");
        }
        if (value.isEmpty() && !emptyAllowed) {
            throw new Reason(field + " must name at least one field");
        }
        var names = new ArrayList<String>(value.size());
        var seen = new HashSet<String>();
        for (JsonNode name : value) {
            if (!name.isTextual() || name.asText().isEmpty()) {
                throw new Reason(field + " must contain only non-empty strings");
            }
            if (!seen.add(name.asText())) {
                throw new Reason(field + " names \"" + name.asText() + "\" twice");
            }
            names.add(name.asText());
        }
        return names;
    }

    private static ObjectNode data(JsonNode value, List<String> keyNames) {
        if (value == null || value.isNull()) {
            throw new Reason("data is required");
        }
        if (!value.isObject()) {
            throw new Reason("data must be an object");
        }
        if (value.size() > ImportLimits.MAX_FIELDS) {
            throw new Reason("data has " + value.size() + " fields; at most " + ImportLimits.MAX_FIELDS
                    + " are allowed");
        }
        for (String name : keyNames) {
            JsonNode key = value.get(name);
            if (key == null) {
                throw new Reason("key field \"" + name + "\" is missing from data");
            }
            if (key.isNull()) {
                throw new Reason("key field \"" + name + "\" is null");
            }
            if (key.isContainerNode()) {
                throw new Reason("key field \"" + name + "\" must be a string, number or boolean");
            }
            if (key.isTextual() && ImportLimits.length(key.asText()) >= ImportLimits.MAX_KEY_LENGTH) {
                throw new Reason("key field \"" + name + "\" is " + ImportLimits.length(key.asText())
                        + " characters long; key values must be shorter than " + ImportLimits.MAX_KEY_LENGTH);
            }
        }
        return (ObjectNode) value;
    }

    /**
     * The record, if it is valid Unicode and fits a DynamoDB item as stored: its data, its key fields (stored
     * beside the data) and its table name, within {@link ImportLimits#MAX_RECORD_BYTES}.
     */
    private static ImportRecord sized(ImportRecord record) {
        if (!Unicode.isWellFormed(record.dataJson()) || !Unicode.isWellFormed(record.table())) {
            throw new Reason("contains a lone UTF-16 surrogate (half of a character): not valid Unicode");
        }
        long bytes = Utf8.length(record.dataJson()) + Utf8.length(record.key().valuesJson())
                + Utf8.length(record.table());
        if (bytes > ImportLimits.MAX_RECORD_BYTES) {
            throw new Reason("data, key and table name are " + bytes + " bytes as JSON; at most "
                    + ImportLimits.MAX_RECORD_BYTES + " are allowed per record");
        }
        return record;
    }

    /** A rule broken: the message is the reason, without the record's index. */
    public static final class Reason extends RuntimeException {
        public Reason(String message) {
            super(message, null, false, false);
        }
    }
}
