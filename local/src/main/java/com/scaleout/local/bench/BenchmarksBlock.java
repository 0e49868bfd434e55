package com.scaleout.local.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generated block of BENCHMARKS.md: the text between {@value #BEGIN} and {@value #END}, markers included, is
 * replaced and nothing else is touched (the rest of the file is hand-written analysis). Without a block, one is
 * inserted before the first {@code ## } section (near the top, after the introduction), or appended when there is
 * none; a file with an unmatched or repeated marker is refused rather than guessed at.
 */
final class BenchmarksBlock {
    static final String BEGIN = "<!-- bench-suite:begin -->";
    static final String END = "<!-- bench-suite:end -->";

    private BenchmarksBlock() {
    }

    /** The document with its block's content replaced by {@code content} (or a block inserted). */
    static String replace(String document, String content) {
        String block = BEGIN + "\n" + content.strip() + "\n" + END;
        int begin = document.indexOf(BEGIN);
        int end = document.indexOf(END);
        if (begin < 0 && end < 0) {
            return insert(document, block);
        }
        if (begin < 0 || end < begin || document.indexOf(BEGIN, begin + 1) >= 0
                || document.indexOf(END, end + 1) >= 0) {
            throw new IllegalArgumentException("expected one " + BEGIN + " followed by one " + END
                    + "; fix the markers by hand");
        }
        return document.substring(0, begin) + block + document.substring(end + END.length());
    }

    private static String insert(String document, String block) {
        int section = document.startsWith("## ") ? 0 : document.indexOf("\n## ");
        if (section < 0) {
            String separator = document.isEmpty() ? "" : document.endsWith("\n") ? "\n" : "\n\n";
            return document + separator + block + "\n";
        }
        int at = section == 0 ? 0 : section + 1;
        return document.substring(0, at) + block + "\n\n" + document.substring(at);
    }

    /** Rewrites {@code file} with the block replaced, creating the file (with a title) when it does not exist. */
    static void update(Path file, String content) throws IOException {
        String document = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# Benchmarks\n";
        Files.writeString(file, replace(document, content), StandardCharsets.UTF_8);
    }
}
