package com.scaleout.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Collects a benchmark's lines, prints them as they come and saves them as Markdown. */
final class BenchReport {
    /** Where every benchmark's report (and the suite's block) is saved, from the repository's root. */
    static final Path DIRECTORY = Path.of("bench", "target", "bench");

    private final String name;
    private final List<String> lines = new ArrayList<>();

    BenchReport(String name, String command) {
        this.name = name;
        line("## " + name + " — " + Instant.now());
        line("");
        line("Command: `" + command + "`; machine: " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + Runtime.version());
        line("");
    }

    void line(String text) {
        System.out.println(text);
        lines.add(text);
    }

    /** Every line so far, the title first. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    void save() throws IOException {
        Path file = Files.createDirectories(DIRECTORY).resolve(name + ".md");
        Files.write(file, lines);
        System.out.println("saved " + file);
    }

    static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
