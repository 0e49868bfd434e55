package com.scaleout.local.bench;

import com.scaleout.local.LocalLogging;
import java.util.Arrays;

/**
 * {@code ./scaleout bench [name]}: benchmarks measured on this machine against a baseline taken in the same run,
 * reported as ratios (the machine is shared and noisy). Results go to stdout and to
 * {@code bench/target/bench/<name>.md}; without a name, the {@link BenchSuite} runs them all and refreshes
 * BENCHMARKS.md.
 */
public final class Bench {
    /** Held here: a logger's level set on an instance nobody references is lost when it is collected. */
    private static final java.util.logging.Logger RECONNECTS =
            java.util.logging.Logger.getLogger("io.lettuce.core.protocol.ConnectionWatchdog");

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        LocalLogging.configure();
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        // The suite runs one local runtime after another in this JVM. Handlers are not closed with their runtime
        // (Lambda never closes them either), so the Redis connections of a finished step keep trying to reconnect
        // to its stopped redis-server, every few seconds, and would print a warning each time for the rest of the run.
        RECONNECTS.setLevel(java.util.logging.Level.SEVERE);
        String name = args.length == 0 ? "suite" : args[0];
        String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (name) {
            case "fanout" -> FanoutBench.run(rest);
            case "timeline" -> TimelineReadBench.run(rest);
            case "search" -> SearchBench.run(rest);
            case "import" -> ImportBench.run(rest);
            case "stack" -> StackBench.run(rest);
            case "login" -> LoginTimingBench.run(rest);
            case "coldstart" -> ColdStartBench.run(rest);
            case "cost" -> CostBench.run(rest);
            case "moto" -> MotoBench.run(rest);
            case "scale" -> ScaleBench.run(rest);
            case "overload" -> OverloadBench.run(rest);
            case "backlog" -> BacklogBench.run(rest);
            case "albums" -> AlbumsBench.run(rest);
            case "suite" -> BenchSuite.run(rest);
            default -> {
                System.err.println("usage: ./scaleout bench (the suite: every benchmark, refreshes BENCHMARKS.md)\n"
                        + "       ./scaleout bench fanout [followers] | timeline [seconds] | search [tweets] [queries]"
                        + " | import [bodies] [seconds] [rounds] | stack [seconds] | login [pairs] | cost [calls]"
                        + " | coldstart [rounds] [invocations] | moto [sizes, e.g. 0,10000,100000]"
                        + " | scale [users] [tweetsPerUser] [followsPerUser] | overload [seconds] | backlog [records]"
                        + " | albums [pairs]");
                System.exit(2);
            }
        }
        System.exit(0); // handler environments keep non-daemon client threads
    }
}
