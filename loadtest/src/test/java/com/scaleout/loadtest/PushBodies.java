package com.scaleout.loadtest;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bodies for {@code POST /v2/import/push}, as bursty as the seed's Siege runs: the number of records is drawn
 * log-uniform from 1 to {@code maxRecords} (half the batches under √maxRecords, a few near the top), each record's
 * size log-uniform from 100 B to 10 KB of JSON, envelope included (the envelope and key alone take about 120 B, so
 * that is the smallest record). Sizes are measured on the written bytes, not estimated. A body stops before
 * {@link #MAX_BODY_BYTES} (Lambda's 6 MB synchronous payload limit).
 *
 * <p>Body {@code n} of a run is drawn from {@code seed + n}, so a run's bodies are the same whichever virtual user
 * asks for them; sequences come from a counter started at the run's start time in microseconds, so every record of
 * a later run supersedes the same key of an earlier one (a replay would be accepted and change nothing).
 */
final class PushBodies {
    static final int MAX_BODY_BYTES = 6_000_000;
    private static final int MIN_RECORD_BYTES = 100;
    private static final int MAX_RECORD_BYTES = 10_000;
    private static final String[] TABLES = {"orders", "customers", "page_views"};
    private static final String[] WORDS = {"amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor",
            "indigo", "jade", "kelp", "lagoon", "meadow", "nickel", "onyx", "prairie", "quartz", "river", "São Paulo",
            "Ærøskøbing", "北京", "Ελλάδα"};

    private final long clientId;
    private final int maxRecords;
    private final long seed;
    private final AtomicLong drawn = new AtomicLong();
    private final AtomicLong sequence = new AtomicLong(System.currentTimeMillis() * 1_000);

    /** One body: its bytes and how many records it holds. */
    record Push(byte[] json, int records) {
    }

    PushBodies(long clientId, int maxRecords, long seed) {
        if (maxRecords < 1) {
            throw new IllegalArgumentException("maxRecords must be at least 1: " + maxRecords);
        }
        this.clientId = clientId;
        this.maxRecords = maxRecords;
        this.seed = seed;
    }

    Push next() {
        var random = new SplittableRandom(seed + drawn.getAndIncrement());
        int wanted = (int) logUniform(random, 1, maxRecords + 1);
        var body = new ByteArrayOutputStream(Math.min(MAX_BODY_BYTES, wanted * 2_500));
        var record = new ByteArrayOutputStream(MAX_RECORD_BYTES + 512);
        body.write('[');
        int records = 0;
        while (records < wanted) {
            record.reset();
            writeRecord(record, random);
            if (body.size() + record.size() + 2 > MAX_BODY_BYTES) {
                break;
            }
            if (records > 0) {
                body.write(',');
            }
            body.writeBytes(record.toByteArray());
            records++;
        }
        body.write(']');
        return new Push(body.toByteArray(), records);
    }

    /** Draws from [low, high) so that every order of magnitude is as likely as the next. */
    private static long logUniform(SplittableRandom random, long low, long high) {
        return (long) Math.floor(low * Math.pow((double) high / low, random.nextDouble()));
    }

    private void writeRecord(ByteArrayOutputStream out, SplittableRandom random) {
        long target = logUniform(random, MIN_RECORD_BYTES, MAX_RECORD_BYTES + 1);
        try (JsonGenerator json = LoadRun.mapper().getFactory().createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("client_id", clientId);
            json.writeStringField("table_name", TABLES[random.nextInt(TABLES.length)]);
            json.writeNumberField("sequence", sequence.incrementAndGet());
            json.writeStringField("action", "upsert");
            json.writeArrayFieldStart("key_names");
            json.writeString("id");
            json.writeEndArray();
            json.writeObjectFieldStart("data");
            json.writeNumberField("id", random.nextInt(1_000_000));
            // a field is about 20-150 bytes: stop at the first that reaches the target (the closing braces are 2)
            for (int field = 0; written(json, out) + 2 < target; field++) {
                writeField(json, "c" + field, random);
            }
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long written(JsonGenerator json, ByteArrayOutputStream out) {
        return out.size() + json.getOutputBuffered();
    }

    /** A column of the kinds a warehouse sees: text, integers, money, flags, nulls, lists, a nested address. */
    private static void writeField(JsonGenerator json, String name, SplittableRandom random) throws IOException {
        json.writeFieldName(name);
        switch (random.nextInt(8)) {
            case 0, 1 -> json.writeString(words(random, 1 + random.nextInt(12)));
            case 2 -> json.writeNumber(random.nextLong(Long.MIN_VALUE >> 8, Long.MAX_VALUE >> 8));
            case 3 -> json.writeNumber(BigDecimal.valueOf(random.nextLong(100_000_000), 2));
            case 4 -> {
                if (random.nextInt(3) == 0) {
                    json.writeNull();
                } else {
                    json.writeBoolean(random.nextBoolean());
                }
            }
            case 5 -> json.writeNumber(random.nextDouble() * 1e6);
            case 6 -> {
                json.writeStartArray();
                for (int i = random.nextInt(1, 6); i > 0; i--) {
                    json.writeNumber(random.nextInt(10_000));
                }
                json.writeEndArray();
            }
            default -> {
                json.writeStartObject();
                json.writeStringField("street", words(random, 2));
                json.writeStringField("city", WORDS[random.nextInt(WORDS.length)]);
                json.writeNumberField("zip", random.nextInt(10_000, 99_999));
                json.writeEndObject();
            }
        }
    }

    private static String words(SplittableRandom random, int count) {
        var text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return text.toString();
    }
}
