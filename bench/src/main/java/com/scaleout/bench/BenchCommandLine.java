package com.scaleout.bench;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./scaleout bench [BENCHMARK [ARGUMENTS]]}, parsed by picocli: usage and {@code --help} generated, on the
 * command and on each benchmark. Without a benchmark the suite runs. A usage error exits 2; a benchmark that throws
 * exits 1 (picocli prints its stack trace), as does a suite with a failed step.
 */
@Command(name = "./scaleout bench", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "[BENCHMARK]",
        description = {"Benchmarks measured on this machine against a baseline taken in the same run, reported as "
                + "ratios; each writes bench/target/bench/<name>.md.",
            "Without a benchmark: the suite (every benchmark at a size that fits in 10 minutes), which refreshes "
                    + "BENCHMARKS.md."},
        subcommands = {BenchCommandLine.Suite.class, BenchCommandLine.Fanout.class, BenchCommandLine.Timeline.class,
            BenchCommandLine.Search.class, BenchCommandLine.Import.class, BenchCommandLine.Stack.class,
            BenchCommandLine.Login.class, BenchCommandLine.Cost.class, BenchCommandLine.ColdStart.class,
            BenchCommandLine.Moto.class, BenchCommandLine.Scale.class, BenchCommandLine.Overload.class,
            BenchCommandLine.Backlog.class, BenchCommandLine.Albums.class, BenchCommandLine.Live.class,
            BenchCommandLine.Warehouse.class})
final class BenchCommandLine implements Callable<Integer> {
    static final int SUITE_FAILED = 1;

    static CommandLine create() {
        return new CommandLine(new BenchCommandLine());
    }

    @Override
    public Integer call() throws Exception {
        return new Suite().call();
    }

    /** A benchmark that either completes (exit 0) or throws. */
    abstract static class Benchmark implements Callable<Integer> {
        @Override
        public final Integer call() throws Exception {
            run();
            return 0;
        }

        abstract void run() throws Exception;
    }

    @Command(name = "suite", mixinStandardHelpOptions = true,
            description = "Every benchmark at a size that fits in 10 minutes on 2 cores; refreshes BENCHMARKS.md "
                    + "and docs/bench/*.png unless a step failed (then exits 1).")
    static final class Suite implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            return BenchSuite.run() ? 0 : SUITE_FAILED;
        }
    }

    @Command(name = "fanout", mixinStandardHelpOptions = true,
            description = "One tweet to an author's followers through the real fan-out, against redis-benchmark.")
    static final class Fanout extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "100000",
                description = "the author's followers (default ${DEFAULT-VALUE})")
        int followers;

        @Override
        void run() throws Exception {
            FanoutBench.run(followers);
        }
    }

    @Command(name = "timeline", mixinStandardHelpOptions = true,
            description = "Warm GET /timeline against GET /health, 50 clients.")
    static final class Timeline extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "15",
                description = "each round's length (default ${DEFAULT-VALUE})")
        int seconds;

        @Override
        void run() throws Exception {
            TimelineReadBench.run(Duration.ofSeconds(seconds));
        }
    }

    @Command(name = "search", mixinStandardHelpOptions = true,
            description = "Cold and cached searches over seeded tweets against GET /health.")
    static final class Search extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "100000",
                description = "tweets seeded (default ${DEFAULT-VALUE})")
        int tweets;
        @Parameters(index = "1", arity = "0..1", defaultValue = "200",
                description = "queries of each kind (default ${DEFAULT-VALUE})")
        int queries;

        @Override
        void run() throws Exception {
            SearchBench.run(tweets, queries);
        }
    }

    @Command(name = "import", mixinStandardHelpOptions = true,
            description = "The import API in process against Jackson, then pushes over HTTP against PutItem.")
    static final class Import extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "60",
                description = "bodies parsed in process (default ${DEFAULT-VALUE})")
        int bodies;
        @Parameters(index = "1", arity = "0..1", defaultValue = "20",
                description = "each end-to-end round's length (default ${DEFAULT-VALUE})")
        int seconds;
        @Parameters(index = "2", arity = "0..1", defaultValue = "5",
                description = "rounds (default ${DEFAULT-VALUE})")
        int rounds;

        @Override
        void run() throws Exception {
            ImportBench.run(bodies, Duration.ofSeconds(seconds), rounds);
        }
    }

    @Command(name = "stack", mixinStandardHelpOptions = true,
            description = "The album store and POST /admin/stress over HTTP against the same work in process.")
    static final class Stack extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "30",
                description = "the album load's length (default ${DEFAULT-VALUE})")
        int seconds;

        @Override
        void run() throws Exception {
            StackBench.run(Duration.ofSeconds(seconds));
        }
    }

    @Command(name = "login", mixinStandardHelpOptions = true,
            description = "Failed logins of unknown usernames against wrong passwords, paired.")
    static final class Login extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "200",
                description = "pairs of failed logins (default ${DEFAULT-VALUE})")
        int pairs;

        @Override
        void run() throws Exception {
            LoginTimingBench.run(pairs);
        }
    }

    @Command(name = "cost", mixinStandardHelpOptions = true,
            description = "Every route's DynamoDB, Redis and stream work and its AWS cost per million requests; "
                    + "refreshes BENCHMARKS.md's cost block.")
    static final class Cost extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "3",
                description = "calls metered per route (default ${DEFAULT-VALUE})")
        int calls;

        @Override
        void run() throws Exception {
            CostBench.run(calls);
        }
    }

    @Command(name = "coldstart", mixinStandardHelpOptions = true,
            description = "Every function started in a fresh JVM as Lambda starts it (and with SnapStart hooks, "
                    + "AppCDS, trimmed), then its memory; needs the built artifacts.")
    static final class ColdStart extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "5",
                description = "fresh starts per function and variant (default ${DEFAULT-VALUE})")
        int rounds;
        @Parameters(index = "1", arity = "0..1", defaultValue = "300",
                description = "invocations per start (default ${DEFAULT-VALUE})")
        int invocations;

        @Override
        void run() throws Exception {
            ColdStartBench.run(rounds, invocations);
        }
    }

    @Command(name = "moto", mixinStandardHelpOptions = true,
            description = "moto_server's CPU per operation, as released and with the project's patches; refreshes "
                    + "BENCHMARKS.md's moto block.")
    static final class Moto extends Benchmark {
        @Parameters(index = "0", arity = "0..1", split = "\\s*,\\s*", splitSynopsisLabel = ",",
                defaultValue = "0,10000,100000",
                description = "table sizes in items, comma-separated (default ${DEFAULT-VALUE})")
        List<Integer> sizes;

        @Override
        void run() throws Exception {
            MotoBench.run(sizes);
        }
    }

    @Command(name = "scale", mixinStandardHelpOptions = true,
            description = "The stack's p50s empty and after a seed of the given size; refreshes BENCHMARKS.md's "
                    + "scale block.")
    static final class Scale extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "10000",
                description = "accounts seeded (default ${DEFAULT-VALUE})")
        int users;
        @Parameters(index = "1", arity = "0..1", defaultValue = "10",
                description = "tweets per account (default ${DEFAULT-VALUE})")
        int tweetsPerUser;
        @Parameters(index = "2", arity = "0..1", defaultValue = "20",
                description = "follows per account (default ${DEFAULT-VALUE})")
        int followsPerUser;

        @Override
        void run() throws Exception {
            ScaleBench.run(users, tweetsPerUser, followsPerUser);
        }
    }

    @Command(name = "overload", mixinStandardHelpOptions = true,
            description = "3x the sustainable rate, then normal load: statuses, recovery time, reconciliation; "
                    + "refreshes BENCHMARKS.md's overload block.")
    static final class Overload extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "60",
                description = "how long the overload lasts (default ${DEFAULT-VALUE})")
        int seconds;

        @Override
        void run() throws Exception {
            OverloadBench.run(seconds);
        }
    }

    @Command(name = "backlog", mixinStandardHelpOptions = true,
            description = "A stream backlog drained by the local poller: records delivered per second; refreshes "
                    + "BENCHMARKS.md's backlog block.")
    static final class Backlog extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "100000",
                description = "records in the backlog (default ${DEFAULT-VALUE})")
        int records;

        @Override
        void run() throws Exception {
            BacklogBench.run(records);
        }
    }

    @Command(name = "warehouse", mixinStandardHelpOptions = true,
            description = "Pushed records to queryable Parquet on the production stack against the change log's "
                    + "rate; file bytes against the JSON accepted; DuckDB over Parquet against NDJSON; refreshes "
                    + "BENCHMARKS.md's warehouse block.")
    static final class Warehouse extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "20000",
                description = "records pushed (default ${DEFAULT-VALUE})")
        int records;
        @Parameters(index = "1", arity = "0..1", defaultValue = "1000000",
                description = "rows of the DuckDB comparison (default ${DEFAULT-VALUE})")
        int rows;

        @Override
        void run() throws Exception {
            WarehouseBench.run(records, rows);
        }
    }

    @Command(name = "albums", mixinStandardHelpOptions = true,
            description = "The seed's AlbumStore load client at 10/30/2 beside the stack's PutItem ceiling; "
                    + "refreshes BENCHMARKS.md's albums block.")
    static final class Albums extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "100",
                description = "POST + GET pairs per client thread (default ${DEFAULT-VALUE})")
        int pairs;

        @Override
        void run() throws Exception {
            AlbumsBench.run(pairs);
        }
    }

    @Command(name = "live", mixinStandardHelpOptions = true,
            description = "Tweets pushed to followers' WebSocket connections (home stream) against the fanout to "
                    + "their Redis timelines; heap per connection, Live invocations; refreshes BENCHMARKS.md's live "
                    + "block.")
    static final class Live extends Benchmark {
        @Parameters(index = "0", arity = "0..1", defaultValue = "1000",
                description = "followers, each on its own connection (default ${DEFAULT-VALUE})")
        int connections;
        @Parameters(index = "1", arity = "0..1", defaultValue = "12",
                description = "tweets by their author, after one to warm up (default ${DEFAULT-VALUE})")
        int tweets;

        @Override
        void run() throws Exception {
            LiveBench.run(connections, tweets);
        }
    }
}
