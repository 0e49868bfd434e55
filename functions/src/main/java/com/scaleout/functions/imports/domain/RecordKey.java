package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.crypto.Digests;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import java.util.TreeMap;

/**
 * Which stored row a record upserts. {@code id} is a hash of (client, table, key values) — fixed length whatever
 * the key, and spread evenly over DynamoDB partitions; {@code values} holds the key fields as the client sent them
 * ({@code valuesJson}, as stored).
 * Key values compare by meaning: field order in {@code key_names} does not matter, and {@code 1}, {@code 1.0}
 * and {@code 1e0} are the same number (but not the string {@code "1"}).
 */
public record RecordKey(String id, ObjectNode values, String valuesJson) {
    private static final ObjectMapper CANONICAL = new ObjectMapper();

    public static RecordKey of(long clientId, String table, List<String> keyNames, ObjectNode data) {
        var values = JsonNodeFactory.instance.objectNode();
        var canonical = new TreeMap<String, String>();
        for (String name : keyNames) {
            JsonNode value = data.get(name);
            values.set(name, value);
            canonical.put(name, canonical(value));
        }
        // as JSON, so that no name or value can pass for another's ({"a=x, b": ...} vs {"a": "x", "b": ...})
        return new RecordKey(hash(clientId, table, "key", json(canonical)), values, json(values));
    }

    /**
     * Append-only tables ({@code key_names: []}) keep every record: its identity is the record itself, so a
     * replay of the same record still changes nothing.
     */
    public static RecordKey appendOnly(long clientId, String table, long sequence, ObjectNode data) {
        return new RecordKey(hash(clientId, table, "append", sequence + "\u0000" + data),
                JsonNodeFactory.instance.objectNode(), "{}");
    }

    private static String canonical(JsonNode value) {
        if (value.isNumber()) {
            // unscaled digits and exponent: toPlainString would spell 1e2147483647 out, digit by digit
            BigDecimal number = new BigDecimal(value.asText()).stripTrailingZeros();
            return "n:" + number.unscaledValue() + "e" + (-(long) number.scale());
        }
        return "j:" + json(value);
    }

    private static String json(Object value) {
        try {
            return CANONICAL.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hash(long clientId, String table, String kind, String identity) {
        byte[] digest = Digests.sha256(clientId + "\u0000" + table + "\u0000" + kind + "\u0000" + identity);
        // 192 bits: collisions are out of reach; 32 characters keep the partition key short
        return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(digest, 24));
    }
}
