package com.scaleout.local.iam;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The distinct AWS calls checked in this JVM, for the permission audit. Each (function, action, resource,
 * decision) is kept once, up to {@link #MAX_DISTINCT} (a run writing many S3 keys names many resources); beyond
 * that calls are only counted, and the file says how many were left out.
 */
public final class CallLog {
    static final int MAX_DISTINCT = 100_000;
    private static final Set<RecordedCall> CALLS = ConcurrentHashMap.newKeySet();
    private static final AtomicLong LEFT_OUT = new AtomicLong();

    private CallLog() {
    }

    static void record(RecordedCall call) {
        if (CALLS.size() < MAX_DISTINCT || CALLS.contains(call)) {
            CALLS.add(call);
        } else {
            LEFT_OUT.incrementAndGet();
        }
    }

    public static List<RecordedCall> calls() {
        return List.copyOf(CALLS);
    }

    public static void clear() {
        CALLS.clear();
        LEFT_OUT.set(0);
    }

    /** Writes the calls, one per line, sorted, replacing the file whole (a reader never sees half of it). */
    public static void writeTo(Path file) throws IOException {
        var lines = new ArrayList<String>();
        CALLS.forEach(call -> lines.add(call.line()));
        lines.sort(null);
        if (LEFT_OUT.get() > 0) {
            lines.add("# " + LEFT_OUT.get() + " calls beyond " + MAX_DISTINCT + " distinct ones were not kept");
        }
        Path absolute = file.toAbsolutePath();
        Files.createDirectories(absolute.resolveSibling("."));
        Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
        Files.write(partial, lines, StandardCharsets.UTF_8);
        Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads a file {@link #writeTo} wrote. */
    public static List<RecordedCall> read(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(RecordedCall::parse)
                .toList();
    }
}
