package com.scaleout.functions.imports.http;

import com.cognitect.transit.TransitFactory;
import com.scaleout.functions.imports.domain.RecordRules;
import com.scaleout.functions.shared.http.ApiException;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * What a Transit body whose cache references repeat one long keyword costs the push route's reading (time and
 * bytes allocated by the reading thread), for the 110 KB and 310 KB bodies, three rounds (the first cold). Not a test: {@code java -cp
 * <test classpath> com.scaleout.functions.imports.http.TransitExpansionBench}.
 */
public final class TransitExpansionBench {
    private TransitExpansionBench() {
    }

    /** One push record whose data holds {@code references} times one keyword of {@code length} characters. */
    static byte[] referenceBomb(int length, int references) {
        var data = new LinkedHashMap<Object, Object>();
        data.put(TransitFactory.keyword("id"), 1);
        data.put(TransitFactory.keyword("v"), Collections.nCopies(references, TransitFactory.keyword("k".repeat(length))));
        var record = new LinkedHashMap<Object, Object>();
        record.put(TransitFactory.keyword("client_id"), 4821);
        record.put(TransitFactory.keyword("table_name"), "t");
        record.put(TransitFactory.keyword("sequence"), 1);
        record.put(TransitFactory.keyword("action"), "upsert");
        record.put(TransitFactory.keyword("key_names"), List.of("id"));
        record.put(TransitFactory.keyword("data"), data);
        var out = new ByteArrayOutputStream();
        TransitFactory.writer(TransitFactory.Format.JSON, out).write(List.of(record));
        return out.toByteArray();
    }

    public static void main(String[] args) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= 3; round++) {
            System.out.println("round " + round);
            measure(threads);
        }
    }

    private static void measure(com.sun.management.ThreadMXBean threads) {
        for (int references : new int[] {20_000, 60_000}) {
            byte[] body = referenceBomb(10_000, references);
            long allocated = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            String outcome;
            try {
                var records = RequestBodies.array(body, RequestBodies.Format.TRANSIT, RecordRules::pushRecord);
                outcome = records.getFirst() instanceof RecordRules.Invalid invalid ? invalid.reason() : "valid";
            } catch (ApiException e) {
                outcome = e.status() + " " + e.getMessage();
            } catch (OutOfMemoryError e) {
                outcome = "OutOfMemoryError with a heap of " + Runtime.getRuntime().maxMemory() / 1_000_000 + " MB";
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            long megabytes = (threads.getCurrentThreadAllocatedBytes() - allocated) / 1_000_000;
            System.out.printf(Locale.ROOT, "%,d-byte body, %,d references: %,d ms, %,d MB allocated: %s%n",
                    body.length, references, millis, megabytes,
                    outcome.length() > 120 ? outcome.substring(0, 120) + "..." : outcome);
        }
    }
}
