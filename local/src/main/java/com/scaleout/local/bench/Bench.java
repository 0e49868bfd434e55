package com.scaleout.local.bench;

import com.scaleout.local.LocalLogging;
import java.util.Arrays;

/**
 * {@code ./scaleout bench [name]}: benchmarks measured on this machine against a baseline taken in the same run,
 * reported as ratios (the machine is shared and noisy). Results go to stdout and to
 * {@code local/target/bench/<name>.md}; without a name, the {@link BenchSuite} runs them all and refreshes
 * BENCHMARKS.md.
 */
public final class Bench {

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        LocalLogging.configure();
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        String name = args.length == 0 ? "suite" : args[0];
        String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (name) {
            case "fanout" -> FanoutBench.run(rest);
            case "timeline" -> TimelineReadBench.run(rest);
            case "search" -> SearchBench.run(rest);
            case "import" -> ImportBench.run(rest);
            case "stack" -> StackBench.run(rest);
            case "suite" -> BenchSuite.run(rest);
            default -> {
                System.err.println("usage: ./scaleout bench (the suite: every benchmark, refreshes BENCHMARKS.md)\n"
                        + "       ./scaleout bench fanout [followers] | timeline [seconds] | search [tweets] [queries]"
                        + " | import [bodies] [seconds] [rounds] | stack [seconds]");
                System.exit(2);
            }
        }
        System.exit(0); // handler environments keep non-daemon client threads
    }
}
