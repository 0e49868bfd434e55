package com.scaleout.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A generated block of BENCHMARKS.md: the text between its begin and end markers ({@code <!-- NAME:begin -->},
 * {@code <!-- NAME:end -->}), markers included, is replaced and nothing else is touched (the rest of the file is
 * hand-written analysis, or other blocks). Without a block, one is inserted right after the last other generated
 * block, or else before the first {@code ## } section (near the top, after the introduction), or appended when
 * there is none; a file with an unmatched or repeated marker is refused rather than guessed at. The bench suite's
 * block is {@link #SUITE}; the soak's is {@code named("soak")}.
 */
public final class BenchmarksBlock {
    static final String BEGIN = "<!-- bench-suite:begin -->";
    static final String END = "<!-- bench-suite:end -->";
    private static final String ANY_END = ":end -->";
    static final BenchmarksBlock SUITE = new BenchmarksBlock(BEGIN, END);

    private final String begin;
    private final String end;

    private BenchmarksBlock(String begin, String end) {
        this.begin = begin;
        this.end = end;
    }

    public static BenchmarksBlock named(String name) {
        return new BenchmarksBlock("<!-- " + name + ":begin -->", "<!-- " + name + ":end -->");
    }

    /** The suite's block of {@code document} replaced by {@code content}. */
    static String replace(String document, String content) {
        return SUITE.replaceIn(document, content);
    }

    /** Rewrites {@code file} with the suite's block replaced. */
    static void update(Path file, String content) throws IOException {
        SUITE.updateIn(file, content);
    }

    /** The document with this block's content replaced by {@code content} (or the block inserted). */
    public String replaceIn(String document, String content) {
        String block = begin + "\n" + content.strip() + "\n" + end;
        int at = document.indexOf(begin);
        int to = document.indexOf(end);
        if (at < 0 && to < 0) {
            return insert(document, block);
        }
        if (at < 0 || to < at || document.indexOf(begin, at + 1) >= 0 || document.indexOf(end, to + 1) >= 0) {
            throw new IllegalArgumentException("expected one " + begin + " followed by one " + end
                    + "; fix the markers by hand");
        }
        return document.substring(0, at) + block + document.substring(to + end.length());
    }

    private static String insert(String document, String block) {
        int otherBlock = document.lastIndexOf(ANY_END);
        if (otherBlock >= 0) { // a section heading inside another block is that block's, not a place for this one
            int after = otherBlock + ANY_END.length();
            return document.substring(0, after) + "\n\n" + block + document.substring(after);
        }
        int section = document.startsWith("## ") ? 0 : document.indexOf("\n## ");
        if (section < 0) {
            String separator = document.isEmpty() ? "" : document.endsWith("\n") ? "\n" : "\n\n";
            return document + separator + block + "\n";
        }
        int at = section == 0 ? 0 : section + 1;
        return document.substring(0, at) + block + "\n\n" + document.substring(at);
    }

    /** Rewrites {@code file} with this block replaced, creating the file (with a title) when it does not exist. */
    public void updateIn(Path file, String content) throws IOException {
        String document = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# Benchmarks\n";
        Files.writeString(file, replaceIn(document, content), StandardCharsets.UTF_8);
    }
}
