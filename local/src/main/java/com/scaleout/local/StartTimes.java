package com.scaleout.local;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/** How long a start took, phase by phase, for the one line that says so. */
public final class StartTimes {
    /** A phase's work, which may fail as the start does. */
    public interface Phase<T, E extends Exception> {
        T run() throws E;
    }

    /** A phase's work with no result. */
    public interface Step<E extends Exception> {
        void run() throws E;
    }

    private final LongSupplier nanoTime;
    private final long origin;
    private final Map<String, Long> phases = new LinkedHashMap<>();

    StartTimes(LongSupplier nanoTime, long origin) {
        this.nanoTime = nanoTime;
        this.origin = origin;
    }

    /** Counting from now (a runtime started inside a JVM that does other things: tests, benchmarks). */
    public static StartTimes fromNow() {
        long now = System.nanoTime();
        return new StartTimes(System::nanoTime, now);
    }

    /** Counting from the JVM's own start, which is a phase of its own: what {@code ./scaleout up} really waits for. */
    public static StartTimes sinceJvmStart() {
        long jvm = TimeUnit.MILLISECONDS.toNanos(ManagementFactory.getRuntimeMXBean().getUptime());
        var times = new StartTimes(System::nanoTime, System.nanoTime() - jvm);
        times.phases.put("jvm", jvm);
        return times;
    }

    public <T, E extends Exception> T time(String phase, Phase<T, E> work) throws E {
        long start = nanoTime.getAsLong();
        try {
            return work.run();
        } finally {
            phases.merge(phase, nanoTime.getAsLong() - start, Long::sum);
        }
    }

    public <E extends Exception> void run(String phase, Step<E> work) throws E {
        time(phase, () -> {
            work.run();
            return null;
        });
    }

    /** E.g. {@code started in 4.2 s (jvm 0.3 s, backends 2.1 s, tables 1.6 s, ...)}. */
    public String summary() {
        return "started in " + seconds(nanoTime.getAsLong() - origin) + " (" + phases.entrySet().stream()
                .map(phase -> phase.getKey() + " " + seconds(phase.getValue()))
                .collect(Collectors.joining(", ")) + ")";
    }

    /**
     * The same as one tab-separated line for the test gate's summary: the whole start in seconds, then {@code
     * phase=seconds} for each phase (e.g. {@code 4.000\tbackends=2.140\ttables=1.560}).
     */
    public String line() {
        var line = new StringBuilder(String.format(Locale.ROOT, "%.3f", (nanoTime.getAsLong() - origin) / 1e9));
        phases.forEach((phase, nanos) -> line.append('\t').append(phase).append('=')
                .append(String.format(Locale.ROOT, "%.3f", nanos / 1e9)));
        return line.toString();
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
