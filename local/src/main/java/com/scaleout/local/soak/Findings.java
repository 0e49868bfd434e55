package com.scaleout.local.soak;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The reconciliation's result: per check, how many items it looked at and which of them were missing. */
public final class Findings {
    static final int EXAMPLES = 5;

    /** One check's result; {@code examples} are the first few missing items, described. */
    public record Check(String name, long checked, long missing, List<String> examples) {
    }

    private final Map<String, long[]> counts = new LinkedHashMap<>();
    private final Map<String, List<String>> examples = new LinkedHashMap<>();

    /** One item of {@code check} looked at: present, or missing (then {@code what} says which and where). */
    public void expect(String check, boolean present, String what) {
        long[] figures = counts.computeIfAbsent(check, c -> new long[2]);
        var missing = examples.computeIfAbsent(check, c -> new ArrayList<>());
        figures[0]++;
        if (!present) {
            figures[1]++;
            if (missing.size() < EXAMPLES) {
                missing.add(what);
            }
        }
    }

    public List<Check> checks() {
        return counts.entrySet().stream().map(e -> new Check(e.getKey(), e.getValue()[0], e.getValue()[1],
                List.copyOf(examples.get(e.getKey())))).toList();
    }

    public long checked() {
        return counts.values().stream().mapToLong(f -> f[0]).sum();
    }

    public long missing() {
        return counts.values().stream().mapToLong(f -> f[1]).sum();
    }
}
