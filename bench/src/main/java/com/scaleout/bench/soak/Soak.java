package com.scaleout.bench.soak;

import com.scaleout.bench.BenchmarksBlock;
import com.scaleout.bench.Machine;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalLogging;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.admin.AdminClient;
import com.scaleout.local.admin.StreamCatchUp;
import com.scaleout.local.backends.ManagedProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./scaleout soak}: runs the load command it is given (the soak simulation, against a stack already up),
 * restarts the stack's Redis half-way through, waits for the streams once the load is done, reconciles, reports
 * (stdout, {@code <dir>/report.md} and, unless {@code --benchmarks no}, the soak block of BENCHMARKS.md) and exits
 * 1 when the soak failed. Arguments ({@code --help}): {@code --url URL --redis REDIS_URL --minutes M --dir DIR
 * [--window SECONDS] [--benchmarks yes|no] [--command TEXT] -- LOAD COMMAND...}.
 */
public final class Soak {
    private static final Duration REDIS_DOWN = Duration.ofSeconds(5);
    private static final Duration DEFAULT_WINDOW = Duration.ofSeconds(30);
    private static final Duration LAST_STRETCH = Duration.ofSeconds(30);
    private static final Pattern GATLING_TOTAL =
            Pattern.compile("request count\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)\\s*\\|\\s*([\\d,]+)");
    private static final Set<String> CONSUMERS = Set.of(ScaleoutDeclaration.TWEET_INDEXER,
            ScaleoutDeclaration.SEARCH_INDEXER, ScaleoutDeclaration.SOCIAL_FANOUT,
            ScaleoutDeclaration.IMPORT_CHANGE_LOG, ScaleoutDeclaration.ALBUM_REVIEW_COUNTER,
            ScaleoutDeclaration.SOCIAL_COUNTER);

    private Soak() {
    }

    public static void main(String[] args) {
        LocalLogging.configure();
        System.exit(commandLine().execute(args));
    }

    /** The soak's arguments, parsed by picocli (usage and --help generated; a usage error exits 2). */
    static CommandLine commandLine() {
        return new CommandLine(new Arguments());
    }

    @Command(name = "Soak", mixinStandardHelpOptions = true,
            description = "Runs the load command against a stack already up, restarts its Redis half-way, reconciles and "
                    + "reports; exits 1 when the soak failed.")
    static final class Arguments implements Callable<Integer> {
        @Option(names = "--url", required = true, paramLabel = "URL", description = "the stack")
        String url;
        @Option(names = "--redis", required = true, paramLabel = "URL", description = "the stack's Redis (redis://...)")
        String redis;
        @Option(names = "--minutes", required = true, paramLabel = "M", description = "how long the load runs")
        double minutes;
        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "where the report goes")
        Path dir;
        @Option(names = "--window", paramLabel = "SECONDS", description = "the recovery window after the restart "
                + "(default 30)")
        long windowSeconds = DEFAULT_WINDOW.toSeconds();
        @Option(names = "--benchmarks", paramLabel = "yes|no", defaultValue = "yes",
                description = "write the soak block of BENCHMARKS.md (default ${DEFAULT-VALUE})")
        String benchmarks;
        @Option(names = "--command", paramLabel = "TEXT", defaultValue = "./scaleout soak",
                description = "the command the report names (default ${DEFAULT-VALUE})")
        String command;
        @Parameters(arity = "1..*", paramLabel = "LOAD COMMAND", description = "after --: the load to run")
        List<String> load;

        @Override
        public Integer call() throws Exception {
            String adminKey = RuntimeEnvironment.variable(Settings.ADMIN_KEY).orElse(LocalRuntime.DEFAULT_ADMIN_KEY);
            boolean passed = run(url, redis, minutes, dir, Duration.ofSeconds(windowSeconds), load,
                    new AdminClient(url, adminKey), !"no".equals(benchmarks), command);
            return passed ? 0 : 1;
        }
    }

    private static boolean run(String url, String redisUrl, double minutes, Path dir, Duration window,
                               List<String> load, AdminClient admin, boolean benchmarks, String command)
            throws Exception {
        String machine = Machine.detect().describe();
        String loadBefore = Machine.loadAverage();
        Files.createDirectories(dir);
        Instant started = Instant.now();
        var gatling = new ProcessBuilder(load).redirectErrorStream(true).start();
        var output = new StringBuilder();
        var tee = Thread.ofPlatform().start(() -> copy(gatling, output));
        // the half-way point counts from the load's start (its build and start-up can take a while on a busy machine)
        Instant loadStarted = awaitLoadStart(dir.resolve("started"), gatling);
        Duration half = Duration.ofMillis((long) (minutes * 60_000 / 2));
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), loadStarted.plus(half)).toMillis()));
        if (!gatling.isAlive()) {
            tee.join();
            throw new IllegalStateException("the load ended before the Redis restart (exit " + gatling.exitValue()
                    + ")");
        }
        System.out.printf("%nsoak: restarting Redis (%s): down for %d s, then empty on the same port%n", redisUrl,
                REDIS_DOWN.toSeconds());
        ManagedProcess redis = null;
        try {
            var restarted = RedisRestart.restart(redisUrl, REDIS_DOWN, dir.resolve("redis-server.log"));
            redis = restarted.server();
            var phases = new SoakPhases(restarted.stopped(), restarted.back(), window);
            System.out.printf("soak: Redis is back (pid %d); the load goes on%n", redis.pid());
            int exit = gatling.waitFor();
            tee.join();
            Instant loadEnded = Instant.now();
            if (exit != 0) {
                System.out.println("soak: the load command exited with " + exit + " (see above)");
            }
            System.out.println("soak: load done; waiting for the streams, then reconciling");
            // consumers report only when they process a batch: one that kept up with the load's last writes has
            // nothing to report after it, so what counts is a report from its last stretch (then lag or idleness)
            new StreamCatchUp(admin).await(CONSUMERS, loadEnded.minus(LAST_STRETCH), StreamCatchUp.IDLE,
                    System.out::println);
            var writes = AcceptedWrites.read(dir);
            var findings = new Reconciler(new ApiStackView(url, client -> importToken(admin, client)))
                    .reconcile(writes);
            var report = new SoakReport(new SoakReport.Run(command, started, Instant.now(), machine, loadBefore,
                    Machine.loadAverage()), phases, PhaseCounts.read(dir, phases), gatlingSummary(output),
                    writes.acceptedCount(), findings);
            String markdown = report.markdown();
            System.out.println();
            System.out.println(markdown);
            Files.writeString(dir.resolve("report.md"), markdown);
            if (benchmarks) {
                BenchmarksBlock.named("soak").updateIn(Path.of("BENCHMARKS.md"), markdown);
                System.out.println("soak: BENCHMARKS.md's soak block refreshed; report also in " + dir.resolve(
                        "report.md"));
            }
            return report.passed() && exit == 0;
        } finally {
            if (gatling.isAlive()) {
                gatling.descendants().forEach(ProcessHandle::destroy);
                gatling.destroy();
            }
            if (redis != null) {
                redis.close();
            }
        }
    }

    /** When the simulation wrote its start marker (the epoch milliseconds its clients started at). */
    private static Instant awaitLoadStart(Path marker, Process load) throws Exception {
        while (!Files.exists(marker) || Files.readString(marker).isBlank()) {
            if (!load.isAlive()) {
                throw new IllegalStateException("the load ended before it started (exit " + load.exitValue() + ")");
            }
            Thread.sleep(200);
        }
        return Instant.ofEpochMilli(Long.parseLong(Files.readString(marker).strip()));
    }

    /** Gatling's output to ours as it comes, and kept for its summary. */
    private static void copy(Process process, StringBuilder kept) {
        try (var reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                System.out.println(line);
                synchronized (kept) {
                    kept.append(line).append('\n');
                }
            }
        } catch (java.io.IOException e) {
            System.out.println("soak: lost the load's output: " + e);
        }
    }

    /** Gatling's own count of requests and failures (those without any response included), when it printed one. */
    static String gatlingSummary(CharSequence output) {
        var matcher = GATLING_TOTAL.matcher(output);
        String last = "";
        while (matcher.find()) {
            last = String.format(Locale.ROOT, "%s requests, %s OK, %s KO (its count of failures includes requests "
                    + "that got no response, which the phase table cannot place)", matcher.group(1),
                    matcher.group(2), matcher.group(3));
        }
        return last;
    }

    private static String importToken(AdminClient admin, long clientId) {
        try {
            return admin.call("POST", "/admin/import-keys", Json.write(Map.of("clientId", clientId,
                    "name", "soak reconciler"))).path("token").asText();
        } catch (Exception e) {
            throw new IllegalStateException("cannot make an import key for client " + clientId, e);
        }
    }
}
