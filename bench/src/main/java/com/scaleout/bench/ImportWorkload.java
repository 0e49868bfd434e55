package com.scaleout.bench;

import com.cognitect.transit.TransitFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bursty Stitch push bodies from a seeded {@link Random}: batch sizes log-uniform over 1..max (most batches small,
 * a few large), each record log-uniform over 100 B..10 KB of JSON (the whole record, envelope included), its data a
 * mix of strings, integers, decimals, booleans, nulls, arrays and nested objects, keyed by {@code id}. A body stops
 * growing at {@link #MAX_BODY_BYTES} (the 6 MB Lambda payload limit), so the largest batches of large records are
 * cut there.
 */
final class ImportWorkload {
    /** Under API Gateway's / Lambda's 6 MiB, with room for the rest of the event. */
    static final int MAX_BODY_BYTES = 6_000_000;
    static final int MIN_RECORD_BYTES = 100;
    static final int MAX_RECORD_BYTES = 10_000;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] TABLES = {"orders", "customers", "page_views"};
    private static final String[] WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
            + "mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu "
            + "Zürich café naïve 東京 δέλτα").split(" ");

    private final Random random;
    private final long clientId;
    private final AtomicLong sequence;

    /** One push body: its JSON bytes, the same records as Transit JSON (when asked for), and its record count. */
    record Body(byte[] json, byte[] transit, int records) {
    }

    ImportWorkload(long seed, long clientId, AtomicLong sequence) {
        this.random = new Random(seed);
        this.clientId = clientId;
        this.sequence = sequence;
    }

    /** A batch size in 1..max, log-uniform: the median batch is about √max records. */
    int batchSize(int max) {
        return Math.min(max, Math.max(1, (int) Math.floor(Math.pow(max + 1, random.nextDouble()))));
    }

    Body body(int maxRecords, boolean withTransit) {
        int wanted = batchSize(maxRecords);
        var json = new ByteArrayOutputStream(wanted * 2048);
        var records = new ArrayList<ObjectNode>(wanted);
        json.write('[');
        for (int i = 0; i < wanted; i++) {
            ObjectNode record = record();
            byte[] bytes = record.toString().getBytes(StandardCharsets.UTF_8);
            if (json.size() + bytes.length + 1 > MAX_BODY_BYTES) {
                break;
            }
            if (i > 0) {
                json.write(',');
            }
            json.writeBytes(bytes);
            records.add(record);
        }
        json.write(']');
        return new Body(json.toByteArray(), withTransit ? transit(records) : null, records.size());
    }

    /** One record of 100 B..10 KB as JSON (log-uniform), data filled up to the drawn size. */
    ObjectNode record() {
        int target = (int) Math.round(MIN_RECORD_BYTES * Math.pow((double) MAX_RECORD_BYTES / MIN_RECORD_BYTES,
                random.nextDouble()));
        ObjectNode record = NODES.objectNode();
        record.put("client_id", clientId);
        record.put("table_name", TABLES[random.nextInt(TABLES.length)]);
        record.put("sequence", sequence.incrementAndGet());
        record.put("action", "upsert");
        record.putArray("key_names").add("id");
        ObjectNode data = record.putObject("data");
        data.put("id", random.nextInt(1_000_000));
        // envelope and id are about 110 bytes; fields are added until the estimate reaches the target
        int size = 110;
        for (int field = 0; size < target; field++) {
            String name = "f" + field + "_" + WORDS[random.nextInt(WORDS.length)].toLowerCase(java.util.Locale.ROOT);
            JsonNode value = value(Math.max(1, target - size), 0);
            data.set(name, value);
            size += name.length() + 4 + estimate(value);
        }
        return record;
    }

    private JsonNode value(int room, int depth) {
        int kind = random.nextInt(depth == 0 ? 10 : 7);
        return switch (kind) {
            case 0, 1, 2 -> NODES.textNode(text(Math.min(room, 8 + random.nextInt(120))));
            case 3 -> NODES.numberNode(random.nextLong() >> random.nextInt(60));
            case 4 -> NODES.numberNode(BigDecimal.valueOf(random.nextInt(10_000_000), 2)); // 12345.67
            case 5 -> random.nextInt(4) == 0 ? NODES.nullNode() : NODES.booleanNode(random.nextBoolean());
            case 6 -> NODES.numberNode(random.nextDouble() * 1000);
            case 7 -> {
                var array = NODES.arrayNode();
                int items = 1 + random.nextInt(8);
                for (int i = 0; i < items; i++) {
                    array.add(random.nextBoolean() ? NODES.numberNode(random.nextInt(100_000))
                            : NODES.textNode(WORDS[random.nextInt(WORDS.length)]));
                }
                yield array;
            }
            default -> { // a nested object, as an address or line item would be
                var object = NODES.objectNode();
                int fields = 2 + random.nextInt(5);
                for (int i = 0; i < fields; i++) {
                    object.set(WORDS[random.nextInt(WORDS.length)].toLowerCase(java.util.Locale.ROOT) + i,
                            value(Math.max(1, room / fields), depth + 1));
                }
                yield object;
            }
        };
    }

    private String text(int length) {
        var text = new StringBuilder(length + 16);
        while (text.length() < length) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return text.toString();
    }

    private static int estimate(JsonNode value) {
        return value.isValueNode() && !value.isTextual() ? value.toString().length()
                : value.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    /** The same records as Transit JSON, written by Cognitect's writer (as Stitch's own clients send pushes). */
    static byte[] transit(List<ObjectNode> records) {
        var out = new ByteArrayOutputStream();
        var values = new ArrayList<Object>(records.size());
        records.forEach(record -> values.add(plain(record)));
        TransitFactory.writer(TransitFactory.Format.JSON, out).write(values);
        return out.toByteArray();
    }

    /** A JSON tree as the maps, lists, strings, longs, doubles and booleans a Transit writer takes. */
    private static Object plain(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                var entry = it.next();
                map.put(entry.getKey(), plain(entry.getValue()));
            }
            return map;
        }
        if (node.isArray()) {
            var list = new ArrayList<Object>(node.size());
            node.forEach(item -> list.add(plain(item)));
            return list;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isIntegralNumber()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return null;
    }

    static ObjectMapper mapper() {
        return MAPPER;
    }
}
