package com.scaleout.bench.soak;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reconciliation's result: per check, how many items it looked at, which of them were missing and, for the
 * checks that count (a profile's counts, an album's reviews, the tweets an author has), how many were there more
 * often than they were written: a write applied twice.
 */
public final class Findings {
    static final int EXAMPLES = 5;

    /** One check's result; {@code examples} are the first few items missing or duplicated, described. */
    public record Check(String name, long checked, long missing, long duplicated, List<String> examples) {
    }

    /** What a check found of one item. */
    public enum Outcome { AS_WRITTEN, MISSING, DUPLICATED }

    private static final int CHECKED = 0;

    private final Map<String, long[]> counts = new LinkedHashMap<>();
    private final Map<String, List<String>> examples = new LinkedHashMap<>();

    /** One item of {@code check} looked at: present, or missing (then {@code what} says which and where). */
    public void expect(String check, boolean present, String what) {
        found(check, present ? Outcome.AS_WRITTEN : Outcome.MISSING, what);
    }

    /**
     * A count that must equal what the clients wrote: below it, items are missing; above it, a write was applied
     * more than once (a duplicate).
     */
    public void expectCount(String check, long shown, long expected, String what) {
        found(check, shown == expected ? Outcome.AS_WRITTEN : shown < expected ? Outcome.MISSING
                : Outcome.DUPLICATED, what);
    }

    /** One item of {@code check} looked at, and what it was found to be ({@code what} describes it). */
    public void found(String check, Outcome outcome, String what) {
        long[] figures = counts.computeIfAbsent(check, c -> new long[Outcome.values().length]);
        var described = examples.computeIfAbsent(check, c -> new ArrayList<>());
        figures[CHECKED]++;
        if (outcome != Outcome.AS_WRITTEN) {
            figures[outcome.ordinal()]++;
            if (described.size() < EXAMPLES) {
                described.add(what);
            }
        }
    }

    public List<Check> checks() {
        return counts.entrySet().stream().map(e -> new Check(e.getKey(), e.getValue()[CHECKED],
                e.getValue()[Outcome.MISSING.ordinal()], e.getValue()[Outcome.DUPLICATED.ordinal()], List.copyOf(examples.get(e.getKey())))).toList();
    }

    public long checked() {
        return counts.values().stream().mapToLong(f -> f[CHECKED]).sum();
    }

    public long missing() {
        return counts.values().stream().mapToLong(f -> f[Outcome.MISSING.ordinal()]).sum();
    }

    public long duplicated() {
        return counts.values().stream().mapToLong(f -> f[Outcome.DUPLICATED.ordinal()]).sum();
    }
}
