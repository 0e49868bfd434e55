package com.scaleout.bench.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Responses per phase, from the clients' {@code *-responses.tsv} (epoch milliseconds, a tab, the status): how many,
 * how many failed (4xx or 5xx: every request of the suites expects a success) and how many were 5xx.
 */
public final class PhaseCounts {
    /** One phase's figures. */
    public record Counts(long requests, long failures, long serverErrors) {
        Counts plus(int status) {
            return new Counts(requests + 1, failures + (status >= 400 ? 1 : 0), serverErrors + (status >= 500 ? 1 : 0));
        }
    }

    private final Map<SoakPhases.Phase, Counts> counts = new EnumMap<>(SoakPhases.Phase.class);

    public PhaseCounts() {
        for (var phase : SoakPhases.Phase.values()) {
            counts.put(phase, new Counts(0, 0, 0));
        }
    }

    /** Every {@code *-responses.tsv} of {@code dir}, sorted into {@code phases}. */
    public static PhaseCounts read(Path dir, SoakPhases phases) throws IOException {
        var tally = new PhaseCounts();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith("-responses.tsv")).toList()) {
                try (Stream<String> lines = Files.lines(file)) {
                    lines.filter(l -> !l.isBlank()).forEach(line -> {
                        int tab = line.indexOf('\t');
                        tally.add(phases.phaseOf(Long.parseLong(line.substring(0, tab))),
                                Integer.parseInt(line.substring(tab + 1).strip()));
                    });
                }
            }
        }
        return tally;
    }

    public void add(SoakPhases.Phase phase, int status) {
        counts.computeIfPresent(phase, (p, c) -> c.plus(status));
    }

    public Counts of(SoakPhases.Phase phase) {
        return counts.get(phase);
    }

    public Counts total() {
        return counts.values().stream().reduce(new Counts(0, 0, 0), (a, b) -> new Counts(a.requests() + b.requests(),
                a.failures() + b.failures(), a.serverErrors() + b.serverErrors()));
    }
}
