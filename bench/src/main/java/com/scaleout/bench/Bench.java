package com.scaleout.bench;

import com.scaleout.local.LocalLogging;

/**
 * {@code ./scaleout bench [name] [arguments]}: benchmarks measured on this machine against a baseline taken in the
 * same run, reported as ratios (the machine is shared and noisy). Results go to stdout and to
 * {@code bench/target/bench/<name>.md}; without a name, the {@link BenchSuite} runs them all and refreshes
 * BENCHMARKS.md. The arguments are {@link BenchCommandLine}'s ({@code --help}).
 */
public final class Bench {
    /** Held here: a logger's level set on an instance nobody references is lost when it is collected. */
    private static final java.util.logging.Logger RECONNECTS =
            java.util.logging.Logger.getLogger("io.lettuce.core.protocol.ConnectionWatchdog");

    private Bench() {
    }

    public static void main(String[] args) {
        LocalLogging.configure();
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        // The suite runs one local runtime after another in this JVM. Handlers are not closed with their runtime
        // (Lambda never closes them either), so the Redis connections of a finished step keep trying to reconnect
        // to its stopped redis-server, every few seconds, and would print a warning each time for the rest of the run.
        RECONNECTS.setLevel(java.util.logging.Level.SEVERE);
        // exits whatever the outcome: handler environments keep non-daemon client threads
        System.exit(BenchCommandLine.create().execute(args));
    }
}
