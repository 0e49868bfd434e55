package com.scaleout.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.scaleout.bench.coldstart.ColdStartProbe;
import com.scaleout.bench.coldstart.LambdaJvm;
import com.scaleout.bench.coldstart.ProbeLauncher.Probe;
import com.scaleout.bench.coldstart.ProbeLauncher.Result;
import com.scaleout.bench.coldstart.ProbeLauncher;
import com.scaleout.bench.coldstart.TrimmedArtifact;
import com.scaleout.bench.coldstart.TrivialHandler;
import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.backends.Backends;
import com.scaleout.local.lambda.LocalContext;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * {@code ./scaleout bench coldstart [rounds] [invocations]}: every function started as Lambda starts an execution
 * environment: a fresh JVM with the java21 runtime's options ({@link LambdaJvm}) loads the handler from the Lambda
 * artifact, constructs it and serves its first invocation, the sample of {@code events/} named in {@link #SAMPLES},
 * against moto_server and redis-server holding the world the samples expect ({@link SampleWorld}). A trivial
 * handler is started the same way in every round, from an artifact of the Lambda libraries only; each function's
 * median is reported beside it and as a ratio. Then, measured the same way: the SnapStart hooks run between init and
 * the first request (priming, then the restore hook), the JVM's class data sharing with an archive of the function's
 * own classes (AppCDS), and an artifact trimmed to the packages the start loads. Last, each function serves
 * {@code invocations} requests in one environment: its peak and retained heap, metaspace and resident memory,
 * against what its memory size allows.
 */
final class ColdStartBench {
    /** The Lambda artifacts, each function's the one it is declared to ship in. */
    private static final List<Path> ARTIFACTS = Arrays.stream(Artifact.values()).map(a -> Path.of(a.path())).toList();
    private static final Path EVENTS = Path.of("events");
    private static final String TRIVIAL = "Trivial";
    private static final int TRIVIAL_MEMORY_MB = 1024;
    /** Invocations of a largest request: each is slow (a 4 MB upload, 20,000 records) and they repeat alike. */
    private static final int LARGEST_INVOCATIONS = 20;
    /** The sizes a largest request is tried at below its function's own. */
    private static final List<Integer> SMALLER_SIZES_MB = List.of(1024, 512, 256);

    /** The sample each function starts on: its most common request, in the common good case. */
    static final Map<String, String> SAMPLES = Map.ofEntries(
            Map.entry(ScaleoutDeclaration.HEALTH, "http/health-get.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_ACCOUNTS, "social/get-user.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_TWEETS, "social/post-tweets.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_FOLLOWS, "social/put-following.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_AUTHORIZER, "social/authorizer-request.json"),
            Map.entry(ScaleoutDeclaration.TWEET_INDEXER, "social/tweets-stream-insert-remove.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_TIMELINE, "social/get-timeline.json"),
            Map.entry(ScaleoutDeclaration.ALBUMS, "albums/post-albums.json"),
            Map.entry(ScaleoutDeclaration.ALBUM_REVIEW_COUNTER, "albums/reviews-stream.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_COUNTER, "social/count-log-stream.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_SEARCH, "social/get-search.json"),
            Map.entry(ScaleoutDeclaration.SEARCH_INDEXER, "social/tweets-stream-insert-remove.json"),
            Map.entry(ScaleoutDeclaration.SOCIAL_FANOUT, "social/tweets-stream-insert-remove.json"),
            // a connection is the first thing every live client does
            Map.entry(ScaleoutDeclaration.LIVE, "live/connect-anonymous.json"),
            Map.entry(ScaleoutDeclaration.IMPORT_API, "imports/push-two-tables.json"),
            Map.entry(ScaleoutDeclaration.IMPORT_KEYS_ADMIN, "imports/admin-keys-create.json"),
            Map.entry(ScaleoutDeclaration.IMPORT_CHANGE_LOG, "imports/changelog-stream.json"),
            // the commit of the orders that the change log's sample logs (it runs first), and one of customers
            Map.entry(ScaleoutDeclaration.WAREHOUSE_LOADER, "imports/warehouse-stream.json"),
            Map.entry(ScaleoutDeclaration.ADMIN, "admin/status.json"));

    private ColdStartBench() {
    }

    static void run(int rounds, int invocations) throws Exception {
        for (Path artifact : ARTIFACTS) {
            if (!Files.isRegularFile(artifact)) {
                throw new IllegalStateException(artifact + " is missing: build first (./scaleout build)");
            }
        }
        var report = new BenchReport("coldstart", "./scaleout bench coldstart " + rounds + " " + invocations);
        Path work = BenchReport.DIRECTORY.resolve("coldstart");
        deleteRecursively(work); // the probes' logs are appended to: one run's only
        Files.createDirectories(work);
        System.setProperty(AdminKey.VARIABLE, SampleWorld.ADMIN_KEY);
        Path data = Files.createTempDirectory("coldstart-data");
        try (var backends = Backends.startOrConnect(Optional.empty(), Optional.empty(), data)) {
            var world = buildWorld(backends, data);
            var environment = new LinkedHashMap<>(LocalRuntime.functionEnvironment(ScaleoutDeclaration.declaration(),
                    backends));
            environment.put(AdminKey.VARIABLE, SampleWorld.ADMIN_KEY);
            var launcher = new ProbeLauncher(Path.of(System.getProperty("java.home"), "bin", "java"), environment,
                    work);
            var probes = probes(world, work);
            new ColdStartBench.Measurement(report, launcher, probes, work, largestRequests(world, work))
                    .run(rounds, invocations);
        }
        report.save();
        var block = new ArrayList<String>();
        block.add("## Cold start, SnapStart and memory (generated) — " + java.time.LocalDate.now());
        block.addAll(report.lines().subList(1, report.lines().size()));
        BenchmarksBlock.named("coldstart").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", block));
    }

    /** The world built through the API of a stack on these backends, then the stack stopped: nothing else runs. */
    private static SampleWorld buildWorld(Backends backends, Path data) throws Exception {
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(data)
                .withBackends(backends.dynamoDbEndpoint().toString(), backends.redisUrl());
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var world = SampleWorld.build(runtime.url());
            Thread.sleep(3000); // the streams' consumers (timelines, indexes) catch up before the stack stops
            return world;
        }
    }

    /** The trivial handler first, then every declared function, each on its prepared sample. */
    private static List<Probe> probes(SampleWorld world, Path work) throws IOException, URISyntaxException {
        Path probeClasses = probeJar(work.resolve("probe.jar"));
        String serialization = codeSource(LambdaEventSerializers.class);
        // the events library and what it needs (its date-time classes, which the runtime's reader loads)
        var trivialClasspath = List.of(probeClasses.toString(), codeSource(RequestHandler.class),
                codeSource(APIGatewayV2HTTPEvent.class), codeSource(org.joda.time.DateTime.class), serialization);
        var probes = new ArrayList<Probe>();
        probes.add(new Probe(TRIVIAL, TrivialHandler.class.getName(), TRIVIAL_MEMORY_MB, trivialClasspath,
                prepared(world, "http/health-get.json", work, TRIVIAL), List.of(), 1, false));
        for (FunctionSpec function : ScaleoutDeclaration.declaration().functions()) {
            String sample = SAMPLES.get(function.name());
            if (sample == null) {
                throw new IllegalStateException(function.name() + " has no sample in ColdStartBench.SAMPLES");
            }
            var functionClasspath = List.of(function.artifact().path(), probeClasses.toString(), serialization);
            probes.add(new Probe(function.name(), function.handler(), function.memoryMb(), functionClasspath,
                    prepared(world, sample, work, function.name()), List.of(), 1, false));
        }
        return probes;
    }

    /** The largest requests of the functions whose memory they decide, by function. */
    private static Map<String, Path> largestRequests(SampleWorld world, Path work) throws IOException {
        var importBody = LargestRequests.importOfMostRecords(world.prepare(Files.readString(
                EVENTS.resolve("imports/validate-valid.json"), StandardCharsets.UTF_8)));
        var albumBody = LargestRequests.albumOfLargestImage(world.prepare(Files.readString(
                EVENTS.resolve(SAMPLES.get(ScaleoutDeclaration.ALBUMS)), StandardCharsets.UTF_8)));
        var largest = new LinkedHashMap<String, Path>();
        largest.put(ScaleoutDeclaration.IMPORT_API, Files.writeString(work.resolve("ImportApi.largest.json"),
                importBody, StandardCharsets.UTF_8));
        largest.put(ScaleoutDeclaration.ALBUMS, Files.writeString(work.resolve("Albums.largest.json"), albumBody,
                StandardCharsets.UTF_8));
        return largest;
    }

    private static Path prepared(SampleWorld world, String sample, Path work, String name) throws IOException {
        String text = Files.readString(EVENTS.resolve(sample), StandardCharsets.UTF_8);
        return Files.writeString(work.resolve(name + ".event.json"), world.prepare(text), StandardCharsets.UTF_8);
    }

    /**
     * The probe's own classes, alone in a jar: the local runtime's classes beside them would put its service files
     * (an SDK interceptor, a Redis listener) on the function's class path, and class data sharing takes no
     * directories.
     */
    private static Path probeJar(Path jar) throws IOException, URISyntaxException {
        try (var out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Class<?> type : List.of(ColdStartProbe.class, TrivialHandler.class, LocalContext.class)) {
                Path classes = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
                for (var file : ClassFiles.of(classes, type.getPackageName(), type.getSimpleName()).entrySet()) {
                    out.putNextEntry(new JarEntry(file.getKey()));
                    out.write(file.getValue());
                    out.closeEntry();
                }
            }
        }
        return jar;
    }

    private static String codeSource(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** The rounds, the variants and the memory runs, and their report. */
    private record Measurement(BenchReport report, ProbeLauncher launcher, List<Probe> probes, Path work,
                               Map<String, Path> largest, Map<String, Integer> failures) {
        Measurement(BenchReport report, ProbeLauncher launcher, List<Probe> probes, Path work,
                    Map<String, Path> largest) {
            this(report, launcher, probes, work, largest, new LinkedHashMap<>());
        }

        void run(int rounds, int invocations) throws IOException, InterruptedException {
            report.line(String.format(Locale.ROOT, "JVM options (as the java21 runtime, by memory size): `%s`; "
                    + "%s; the trivial handler's artifact (the Lambda libraries it needs) %.1f MB.",
                    String.join(" ", LambdaJvm.options(1024)), ARTIFACTS.stream()
                            .map(artifact -> String.format(Locale.ROOT, "artifact `%s` %.1f MB", artifact,
                                    megabytes(artifact)))
                            .collect(java.util.stream.Collectors.joining(", ")),
                    trivialArtifactMb(probes.getFirst())));
            report.line("");
            var plain = measure("plain start", probes, rounds);
            table("Cold start without SnapStart (median of " + rounds + " starts each; init = JVM launch to handler "
                    + "constructed, first = the first invocation: event read, handled, answer written)", probes,
                    plain, plain);

            var cds = new ArrayList<Probe>();
            var trimmed = new ArrayList<Probe>();
            for (Probe probe : probes) {
                Path archive = work.resolve(probe.name() + ".jsa");
                Path classLog = work.resolve(probe.name() + ".classes.log");
                Files.deleteIfExists(archive);
                launcher.run(probe.with(probe.classpath(), List.of("-XX:ArchiveClassesAtExit=" + archive,
                        "-Xlog:class+load=info:file=" + classLog))); // a training start: not measured
                cds.add(probe.with(probe.classpath(), List.of("-XX:SharedArchiveFile=" + archive)));
                if (probe.name().equals(TRIVIAL)) {
                    trimmed.add(probe);
                } else {
                    Path jar = work.resolve(probe.name() + "-trimmed.jar");
                    Path artifact = Path.of(probe.classpath().getFirst());
                    TrimmedArtifact.write(artifact, TrimmedArtifact.loadedFrom(classLog, artifact), jar);
                    var classpath = new ArrayList<>(probe.classpath());
                    classpath.set(0, jar.toString());
                    trimmed.add(probe.with(classpath, List.of()));
                }
            }
            int variantRounds = Math.max(3, rounds / 2);
            var primed = new ArrayList<Probe>();
            probes.forEach(probe -> primed.add(probe.name().equals(TRIVIAL) ? probe : probe.withSnapStartHooks()));
            snapStart(measure("SnapStart hooks", primed, variantRounds), plain, variantRounds);

            var withCds = measure("with AppCDS", cds, variantRounds);
            table("With an AppCDS archive of each function's own start (`-XX:SharedArchiveFile`, made by a training "
                    + "start with `-XX:ArchiveClassesAtExit`), median of " + variantRounds, cds, withCds, plain);
            var withTrimmed = measure("trimmed artifact", trimmed, variantRounds);
            table("From an artifact trimmed to the classes the start loads (a bound: not deployable), median of "
                    + variantRounds, trimmed, withTrimmed, plain);
            memory(invocations);
            if (!failures.isEmpty()) {
                report.line("Failed starts (variant/function: count; not in the medians): " + failures);
                report.line("");
            }
        }

        private Map<String, List<Result>> measure(String label, List<Probe> variant, int rounds)
                throws IOException, InterruptedException {
            var results = new LinkedHashMap<String, List<Result>>();
            for (int round = 1; round <= rounds; round++) {
                System.err.printf("coldstart: %s, round %d of %d%n", label, round, rounds);
                for (Probe probe : variant) {
                    var runs = results.computeIfAbsent(probe.name(), name -> new ArrayList<>());
                    try {
                        runs.add(launcher.run(probe));
                    } catch (IOException failed) { // reported in the table; the other starts still count
                        System.err.println("coldstart: " + failed.getMessage().lines().findFirst().orElse(""));
                        failures.merge(label + "/" + probe.name(), 1, Integer::sum);
                    }
                }
            }
            return results;
        }

        private void table(String title, List<Probe> variant, Map<String, List<Result>> results,
                           Map<String, List<Result>> baseline) {
            double trivial = median(results.get(TRIVIAL), Result::coldStartMs);
            report.line("### " + title);
            report.line("");
            report.line("| function | memory | sample | outcome | JVM start ms | init ms | first invocation ms "
                    + "(handler's share) | init + first ms | × trivial | vs without SnapStart | classes loaded | "
                    + "artifact MB |");
            report.line("|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (Probe probe : variant) {
                var runs = results.get(probe.name());
                if (runs.isEmpty()) {
                    report.line("| " + probe.name() + " | " + probe.memoryMb() + " MB | | every start failed (see "
                            + "bench/target/bench/coldstart/" + probe.name() + ".log) | | | | | | | | |");
                    continue;
                }
                double total = median(runs, Result::coldStartMs);
                double plainStart = median(baseline.get(probe.name()), Result::coldStartMs);
                var outcomes = runs.stream().map(Result::outcome).distinct().toList();
                double artifact = probe.name().equals(TRIVIAL) ? -1 : megabytes(Path.of(probe.classpath().getFirst()));
                report.line(String.format(Locale.ROOT, "| %s | %d MB | %s | %s | %.0f | %.0f | %.0f (%.0f) | %.0f | "
                                + "%.2f | %+.0f %% | %d | %s |", probe.name(), probe.memoryMb(),
                        probe.name().equals(TRIVIAL) ? "http/health-get.json" : SAMPLES.get(probe.name()),
                        String.join(", ", outcomes), median(runs, Result::jvmStartMs), median(runs, Result::initMs),
                        median(runs, Result::firstInvocationMs), median(runs, Result::handlerMs), total,
                        total / trivial,
                        100 * (total / plainStart - 1), runs.getFirst().classes(),
                        artifact < 0 ? "(libraries)" : String.format(Locale.ROOT, "%.1f", artifact)));
            }
            report.line("");
        }

        /**
         * The SnapStart hooks run where a snapshot and a restore would be: what a request meets after a restore is
         * the restore hook and the first invocation (the restore of the micro VM itself cannot be measured here).
         */
        private void snapStart(Map<String, List<Result>> primed, Map<String, List<Result>> plain, int rounds) {
            double trivialFirst = median(primed.get(TRIVIAL), Result::firstInvocationMs);
            report.line("### With SnapStart, as deployed: the hooks' priming before the snapshot, then the restore "
                    + "hook and the first invocation (median of " + rounds + "; the trivial handler, which has no "
                    + "hooks, started plainly in the same rounds)");
            report.line("");
            report.line("| function | priming ms (before the snapshot) | restore hook ms | first invocation ms "
                    + "(handler's share) | without SnapStart: first invocation ms (handler's share) | restore hook + "
                    + "first × trivial's first invocation |");
            report.line("|---|---|---|---|---|---|");
            for (Probe probe : probes.subList(1, probes.size())) {
                var runs = primed.get(probe.name());
                if (runs.isEmpty()) {
                    report.line("| " + probe.name() + " | every start failed | | | | |");
                    continue;
                }
                var plainStart = plain.get(probe.name());
                report.line(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f (%.0f) | %.0f (%.0f) | %.2f |",
                        probe.name(), median(runs, Result::checkpointMs), median(runs, Result::restoreMs),
                        median(runs, Result::firstInvocationMs), median(runs, Result::handlerMs),
                        median(plainStart, Result::firstInvocationMs), median(plainStart, Result::handlerMs),
                        median(runs, Result::afterRestoreMs) / trivialFirst));
            }
            report.line(String.format(Locale.ROOT, "%nThe trivial handler's first invocation: %.0f ms (handler's share "
                    + "%.1f ms; the rest is the runtime's event reader and writer at their first use).%n",
                    trivialFirst, median(primed.get(TRIVIAL), Result::handlerMs)));
        }

        private void memory(int invocations) throws IOException, InterruptedException {
            report.line("### Memory: " + invocations + " invocations of the sample in one environment (and "
                    + LARGEST_INVOCATIONS + " of the largest request where its size decides)");
            report.line("");
            report.line("| function | memory | request | outcome | heap peak MB | retained heap peak MB (after a GC) | "
                    + "live heap MB (after a full GC) | metaspace MB (limit) | resident peak MB | GCs |");
            report.line("|---|---|---|---|---|---|---|---|---|---|");
            for (Probe probe : probes.subList(1, probes.size())) {
                memoryRow(probe.invocations(invocations), SAMPLES.get(probe.name()));
                Path largestRequest = largest.get(probe.name());
                if (largestRequest != null) {
                    String request = probe.name().equals(ScaleoutDeclaration.ALBUMS) ? "the largest image (4 MB)"
                            : "the most records (20,000), validated";
                    var largestProbe = probe.withSample(largestRequest).invocations(LARGEST_INVOCATIONS);
                    memoryRow(largestProbe, request);
                    // and in smaller environments: does the largest request still fit, as the heap shrinks with them?
                    for (int smaller : SMALLER_SIZES_MB) {
                        if (smaller < probe.memoryMb()) {
                            memoryRow(largestProbe.withMemory(smaller), request);
                        }
                    }
                }
            }
            report.line("");
        }

        private void memoryRow(Probe probe, String request) throws IOException, InterruptedException {
            System.err.printf("coldstart: memory, %s, %s%n", probe.name(), request);
            ProbeLauncher.Result result;
            try {
                result = launcher.run(probe);
            } catch (IOException failed) {
                report.line("| " + probe.name() + " | " + probe.memoryMb() + " MB | " + request + " | failed: "
                        + failed.getMessage().lines().findFirst().orElse("") + " | | | | | | |");
                return;
            }
            var memory = result.memory();
            report.line(String.format(Locale.ROOT, "| %s | %d MB | %s | %s | %.0f | %.0f | %.0f | %.0f (%.0f) | %.0f "
                            + "| %d |", probe.name(), probe.memoryMb(), request, result.lastOutcome(),
                    mb(memory, "heapPeak"), mb(memory, "retainedPeak"), mb(memory, "live"), mb(memory, "metaspace"),
                    probe.memoryMb() * 0.10, mb(memory, "rssPeak"), memory.getOrDefault("gcs", -1L)));
        }

        private static double mb(Map<String, Long> memory, String key) {
            return memory.getOrDefault(key, -1L) / (1024.0 * 1024.0);
        }
    }

    /** The trivial handler's class path less the probe (first) and the runtime's own serialization library (last). */
    private static double trivialArtifactMb(Probe trivial) {
        var classpath = trivial.classpath();
        return classpath.subList(1, classpath.size() - 1).stream().mapToDouble(p -> megabytes(Path.of(p))).sum();
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (var paths = Files.walk(directory)) {
                for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    private static double megabytes(Path file) {
        try {
            return Files.size(file) / (1024.0 * 1024.0);
        } catch (IOException e) {
            return -1;
        }
    }

    private static double median(List<Result> results, Function<Result, Double> measure) {
        return BenchReport.median(results.stream().map(measure).toList());
    }
}
