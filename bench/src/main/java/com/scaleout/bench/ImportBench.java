package com.scaleout.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.cognitect.transit.TransitFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.imports.ImportComponents;
import com.scaleout.functions.imports.application.ImportKeyStore;
import com.scaleout.functions.imports.application.ChangeLog;
import com.scaleout.functions.imports.application.ChangeLogService;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.domain.ChangeId;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.domain.LoggedChange;
import com.scaleout.functions.imports.domain.TableStatistics;
import com.scaleout.functions.imports.application.ImportService;
import com.scaleout.functions.imports.application.RecordStore;
import com.scaleout.functions.imports.domain.ImportKey;
import com.scaleout.functions.imports.domain.ImportRecord;
import com.scaleout.functions.imports.dynamodb.DynamoImportKeyStore;
import com.scaleout.functions.imports.http.ImportHandler;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Set;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntUnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Import throughput ({@code ./scaleout bench import [bodies] [seconds] [rounds]}) for bursty Stitch pushes.
 * <ol>
 *   <li>In process, one thread, over a fixed set of seeded bodies (batches of 1..5,000 records, 100 B..10 KB each):
 *       records/s and MB/s of the real {@link ImportHandler}'s {@code POST /v2/import/validate} and
 *       {@code POST /v2/import/push} (over an in-memory record store) against a plain Jackson {@code readTree} of
 *       the same bytes; and the same records as Transit JSON through validate against Cognitect's reader alone.
 *       Modes are interleaved body by body; ratios are taken per round, then their median.</li>
 *   <li>End to end through the local runtime: a few clients pushing batches of 1..200 records over HTTP for a
 *       fixed time, against conditional PutItems of the same items on the same local DynamoDB endpoint
 *       (moto_server behind the runtime's write gate, which bounds both), one after another and from
 *       {@value #CEILING_THREADS} threads.</li>
 * </ol>
 */
final class ImportBench {
    private static final long CLIENT_ID = 4242;
    private static final int MAX_BATCH = 5_000;
    private static final int E2E_MAX_BATCH = 200;
    private static final int E2E_CLIENTS = 4;
    private static final Duration BASELINE_ROUND = Duration.ofSeconds(5);
    /** Threads of the concurrent baseline: as many as one push request's writer pool. */
    private static final int CEILING_THREADS = ImportComponents.DEFAULT_WRITE_CONCURRENCY;
    private static final ObjectMapper PLAIN = new ObjectMapper();
    /** Baseline PutItems that failed (SDK timeouts on a stalled machine): reported, not counted. */
    private static final AtomicLong BASELINE_ERRORS = new AtomicLong();
    /** Results are summed here so that no parse can be optimized away. */
    private static long sink;

    private ImportBench() {
    }

    /** Both parts' headline figures. */
    record Summary(InProcess inProcess, EndToEnd endToEnd) {
    }

    /** Medians over the rounds: records/s of each path, and the per-round ratios' medians. */
    record InProcess(long records, double readTree, double validate, double push, double transitReader,
                     double transitValidate, double validateRatio, double pushRatio, double transitRatio) {
    }

    /**
     * The measured push rounds, the sequential PutItem baseline before each, and the 32-thread ceiling around each
     * (the mean of the runs before and after it).
     */
    record EndToEnd(List<LoadDriver.Run> rounds, List<LoadDriver.Run> sequential, List<Double> ceilings) {
        double recordsPerSecond() {
            return BenchReport.median(rounds.stream().map(LoadDriver.Run::unitsPerSecond).toList());
        }

        double requestsPerSecond() {
            return BenchReport.median(rounds.stream().map(LoadDriver.Run::requestsPerSecond).toList());
        }

        double sequentialPerSecond() {
            return BenchReport.median(sequential.stream().map(LoadDriver.Run::unitsPerSecond).toList());
        }

        double ceilingPerSecond() {
            return BenchReport.median(ceilings);
        }

        /** Median of the rounds' ratios of accepted records/s to the sequential baseline before them. */
        double sequentialRatio() {
            return medianRatio(i -> sequential.get(i).unitsPerSecond());
        }

        double ceilingRatio() {
            return medianRatio(ceilings::get);
        }

        private double medianRatio(java.util.function.IntToDoubleFunction baseline) {
            var ratios = new ArrayList<Double>();
            for (int r = 0; r < rounds.size(); r++) {
                if (baseline.applyAsDouble(r) > 0) {
                    ratios.add(rounds.get(r).unitsPerSecond() / baseline.applyAsDouble(r));
                }
            }
            return ratios.isEmpty() ? Double.NaN : BenchReport.median(ratios);
        }
    }

    static void run(int bodies, Duration round, int rounds) throws Exception {
        var report = new BenchReport("import", "./scaleout bench import " + bodies + " " + round.toSeconds() + " "
                + rounds);
        measure(report, bodies, round, rounds);
        report.save();
    }

    static Summary measure(BenchReport report, int bodies, Duration round, int rounds) throws Exception {
        report.line("Load average when starting (other work on the shared machine): " + Machine.loadAverage() + ".");
        report.line("");
        var inProcess = inProcess(report, bodies, rounds);
        var endToEnd = endToEnd(report, round);
        report.line("Load average at the end: " + Machine.loadAverage() + ".");
        return new Summary(inProcess, endToEnd);
    }

    // ---------------------------------------------------------------------------------------------- in process

    /** One way of reading a body (by its index in the set): answers the records it saw. */
    private record Mode(String label, String name, boolean transit, IntUnaryOperator pass) {
    }

    private record Rate(double recordsPerSecond, double megabytesPerSecond) {
    }

    private static InProcess inProcess(BenchReport report, int bodyCount, int rounds) {
        System.out.printf("generating %d bodies (seeded)...%n", bodyCount);
        var workload = new ImportWorkload(20261130L, CLIENT_ID, new AtomicLong());
        var bodies = new ArrayList<ImportWorkload.Body>();
        for (int i = 0; i < bodyCount; i++) {
            bodies.add(workload.body(MAX_BATCH, true));
        }
        long records = bodies.stream().mapToLong(ImportWorkload.Body::records).sum();
        long jsonBytes = bodies.stream().mapToLong(b -> b.json().length).sum();
        long transitBytes = bodies.stream().mapToLong(b -> b.transit().length).sum();
        var sizes = bodies.stream().mapToInt(ImportWorkload.Body::records).sorted().toArray();
        report.line("### In process (one thread)");
        report.line("");
        report.line(String.format("%d bodies (seed 20261130): %,d records, %.1f MB as JSON (%.1f MB as Transit JSON);"
                        + " records per body min %d / median %d / max %d (drawn log-uniform from 1..%,d, a body stops"
                        + " at %.0f MB); %,.0f B per record on average (drawn log-uniform from 100 B to 10 KB).",
                bodyCount, records, jsonBytes / 1e6, transitBytes / 1e6, sizes[0], sizes[sizes.length / 2],
                sizes[sizes.length - 1], MAX_BATCH, ImportWorkload.MAX_BODY_BYTES / 1e6,
                (double) jsonBytes / records));
        report.line("");

        var keys = new ImportKeys(new MemoryKeyStore(), Clock.systemUTC(), Duration.ofHours(1));
        String token = keys.create(CLIENT_ID, "bench").token();
        var clock = Clock.systemUTC();
        var noChangeLog = new ChangeLogService(new UnusedChangeLog());
        var validateOnly = new ImportHandler(new ImportService(new RefusingStore()), keys, noChangeLog, clock);
        var counting = new CountingStore();
        var pushing = new ImportHandler(new ImportService(counting), keys, noChangeLog, clock);

        var jsonStrings = bodies.stream().map(b -> new String(b.json(), StandardCharsets.UTF_8)).toList();
        var transitStrings = bodies.stream().map(b -> new String(b.transit(), StandardCharsets.UTF_8)).toList();
        var validateJson = events("POST /v2/import/validate", "application/json", token, jsonStrings);
        var pushJson = events("POST /v2/import/push", "application/json", token, jsonStrings);
        var validateTransit = events("POST /v2/import/validate", "application/transit+json", token, transitStrings);

        var modes = List.of(
                new Mode("readTree", "Jackson `ObjectMapper.readTree` (baseline)", false,
                        i -> readTree(bodies.get(i).json())),
                new Mode("validate", "`POST /v2/import/validate`", false,
                        i -> handle(validateOnly, validateJson.get(i), 200, bodies.get(i).records())),
                new Mode("push", "`POST /v2/import/push`, in-memory store", false,
                        i -> handle(pushing, pushJson.get(i), 201, bodies.get(i).records())),
                new Mode("transit-reader", "Transit reader alone (Transit baseline)", true,
                        i -> readTransit(bodies.get(i).transit())),
                new Mode("transit-validate", "`POST /v2/import/validate`, Transit JSON", true,
                        i -> handle(validateOnly, validateTransit.get(i), 200, bodies.get(i).records())));

        System.out.println("warm-up: two passes of every mode...");
        for (int pass = 0; pass < 2; pass++) {
            measure(modes, bodies.size(), pass, records, jsonBytes, transitBytes);
        }
        counting.reset();
        var results = new ArrayList<List<Rate>>();
        modes.forEach(mode -> results.add(new ArrayList<>()));
        for (int round = 1; round <= rounds; round++) {
            var rates = measure(modes, bodies.size(), round, records, jsonBytes, transitBytes);
            var line = new StringBuilder("round " + round + "/" + rounds + ":");
            for (int m = 0; m < modes.size(); m++) {
                results.get(m).add(rates.get(m));
                line.append(String.format(" %s %,.0f rec/s;", modes.get(m).label(), rates.get(m).recordsPerSecond()));
            }
            System.out.println(line);
        }
        long stored = counting.records() / rounds; // after push's in-request dedupe (same key twice in a body)

        report.line("| path (median of " + rounds + " rounds after 2 warm-up passes) | records/s | MB/s | "
                + "per-round records/s |");
        report.line("|---|---|---|---|");
        for (int m = 0; m < modes.size(); m++) {
            var rates = results.get(m);
            report.line(String.format("| %s | %,.0f | %.1f | %s |", modes.get(m).name(),
                    rate(results, m),
                    BenchReport.median(rates.stream().map(Rate::megabytesPerSecond).toList()),
                    String.join(" / ", rates.stream().map(r -> String.format("%,.0f", r.recordsPerSecond()))
                            .toList())));
        }
        report.line("");
        report.line(String.format("Push handed %,d of the %,d records to the store per pass (the rest were"
                + " superseded by a later record of the same key in the same body).", stored, records));
        report.line(String.format("**Ratio validate / readTree: %.2f**; push (in-memory store) / readTree: %.2f;"
                        + " push / validate: %.2f; Transit validate / Transit reader: %.2f; Transit validate / JSON"
                        + " validate: %.2f (medians of per-round ratios, records/s).",
                ratio(results, 1, 0), ratio(results, 2, 0), ratio(results, 2, 1), ratio(results, 4, 3),
                ratio(results, 4, 1)));
        report.line("");
        return new InProcess(records, rate(results, 0), rate(results, 1), rate(results, 2), rate(results, 3),
                rate(results, 4), ratio(results, 1, 0), ratio(results, 2, 0), ratio(results, 4, 3));
    }

    private static double rate(List<List<Rate>> results, int mode) {
        return BenchReport.median(results.get(mode).stream().map(Rate::recordsPerSecond).toList());
    }

    private static double ratio(List<List<Rate>> results, int of, int to) {
        var ratios = new ArrayList<Double>();
        for (int round = 0; round < results.get(of).size(); round++) {
            ratios.add(results.get(of).get(round).recordsPerSecond() / results.get(to).get(round).recordsPerSecond());
        }
        return BenchReport.median(ratios);
    }

    /**
     * One pass of every mode over the body set, interleaved body by body (each body goes through every mode, in an
     * order rotated from body to body), so that a neighbour's burst on the shared machine hits every mode alike.
     */
    private static List<Rate> measure(List<Mode> modes, int bodies, int round, long records, long jsonBytes,
                                      long transitBytes) {
        long[] nanos = new long[modes.size()];
        long[] seen = new long[modes.size()];
        for (int i = 0; i < bodies; i++) {
            for (int k = 0; k < modes.size(); k++) {
                int m = (i + round + k) % modes.size();
                long start = System.nanoTime();
                seen[m] += modes.get(m).pass().applyAsInt(i);
                nanos[m] += System.nanoTime() - start;
            }
        }
        var rates = new ArrayList<Rate>();
        for (int m = 0; m < modes.size(); m++) {
            if (seen[m] != records) {
                throw new IllegalStateException(modes.get(m).name() + " saw " + seen[m] + " records, not " + records);
            }
            double seconds = nanos[m] / 1e9;
            long bytes = modes.get(m).transit() ? transitBytes : jsonBytes;
            rates.add(new Rate(records / seconds, bytes / 1e6 / seconds));
        }
        return rates;
    }

    private static int readTree(byte[] body) {
        try {
            var tree = PLAIN.readTree(body);
            sink += tree.get(0).get("sequence").longValue();
            return tree.size();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int readTransit(byte[] body) {
        List<?> records = TransitFactory.reader(TransitFactory.Format.JSON, new ByteArrayInputStream(body)).read();
        sink += ((Map<?, ?>) records.get(0)).size();
        return records.size();
    }

    private static int handle(ImportHandler handler, APIGatewayV2HTTPEvent event, int expected, int records) {
        var response = handler.handleRequest(event, null);
        if (response.getStatusCode() != expected) {
            throw new IllegalStateException(event.getRouteKey() + " answered " + response.getStatusCode() + ": "
                    + response.getBody());
        }
        sink += response.getBody().length();
        return records;
    }

    private static List<APIGatewayV2HTTPEvent> events(String routeKey, String contentType, String token,
                                                      List<String> bodies) {
        return bodies.stream().map(body -> APIGatewayV2HTTPEvent.builder()
                .withRouteKey(routeKey)
                .withRawPath(routeKey.substring(routeKey.indexOf(' ') + 1))
                .withHeaders(Map.of("content-type", contentType, "authorization", "Bearer " + token))
                .withBody(body)
                .withIsBase64Encoded(false)
                .build()).toList();
    }

    /** The key store of the in-process handlers: one key, in memory. */
    private static final class MemoryKeyStore implements ImportKeyStore {
        private final Map<String, ImportKey> keys = new ConcurrentHashMap<>();

        @Override
        public void create(ImportKey key) {
            keys.put(key.keyId(), key);
        }

        @Override
        public Optional<ImportKey> find(String keyId) {
            return Optional.ofNullable(keys.get(keyId));
        }

        @Override
        public boolean revoke(String keyId, Instant at) {
            return keys.computeIfPresent(keyId, (id, key) -> new ImportKey(key.keyId(), key.clientId(), key.name(),
                    key.tokenHash(), key.createdAt(), Optional.of(at))) != null;
        }
    }

    /** Validate must store nothing: any call is a failure of the benchmark (and answers 500). */
    /** The change-log routes are not measured here: the handler needs a log, and never reads it. */
    private static final class UnusedChangeLog implements ChangeLog {
        @Override
        public Optional<TableStatistics> statistics(ImportedTable table) {
            throw new IllegalStateException("the benchmark read the change log");
        }

        @Override
        public void declareTypes(ImportedTable table, Map<String, String> types) {
            throw new IllegalStateException("the benchmark pushed a batch with a schema");
        }

        @Override
        public Set<ChangeId> logged(Collection<ChangeId> changes) {
            throw new IllegalStateException("the benchmark read the change log");
        }

        @Override
        public boolean append(Append append) {
            throw new IllegalStateException("the benchmark wrote the change log");
        }

        @Override
        public TablesPage tables(long clientId, int limit, Optional<String> afterName) {
            throw new IllegalStateException("the benchmark read the change log");
        }

        @Override
        public List<LoggedChange> changes(ImportedTable table, long afterPosition, int limit, long maxBytes) {
            throw new IllegalStateException("the benchmark read the change log");
        }
    }

    private static final class RefusingStore implements RecordStore {
        @Override
        public UpsertResult upsert(Collection<ImportRecord> records, Instant deadline) {
            throw new IllegalStateException("validate called the record store");
        }
    }

    /** Push's store: counts what it is given (the in-request dedupe has already run), stores nothing. */
    private static final class CountingStore implements RecordStore {
        private final AtomicLong upserted = new AtomicLong();

        @Override
        public UpsertResult upsert(Collection<ImportRecord> records, Instant deadline) {
            upserted.addAndGet(records.size());
            return new UpsertResult(records.size(), 0);
        }

        long records() {
            return upserted.get();
        }

        void reset() {
            upserted.set(0);
        }
    }

    // --------------------------------------------------------------------------------------------- end to end

    private static EndToEnd endToEnd(BenchReport report, Duration round) throws Exception {
        System.out.println("starting the local runtime (import function and tables)...");
        try (var runtime = LocalRuntime.start(importOnly(), LocalConfig.fromEnvironment().withPort(0))) {
            var keys = new ImportKeys(new DynamoImportKeyStore(runtime.dynamoDb(), "ImportKeys"), Clock.systemUTC(),
                    Duration.ofHours(1));
            String token = keys.create(CLIENT_ID, "bench").token();
            var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            var sequence = new AtomicLong(1_000_000_000L);

            // Warm-up: one client first. Cold, moto and the handler are slow enough that 4 clients' writes (32 in
            // flight per request) wait past the SDK's 2 s attempt timeout at the gate, and the retries of writes that
            // had landed keep the queue full: nothing completes in the request's time (seen under load).
            System.out.println("warm-up: 5 s of pushes from 1 client, then 5 s from " + E2E_CLIENTS + "...");
            var warmUps = List.of(
                    push(http, runtime.url(), token, sequence, "push warm-up, 1 client", Duration.ofSeconds(5), 1, 1),
                    push(http, runtime.url(), token, sequence, "push warm-up, " + E2E_CLIENTS + " clients",
                            Duration.ofSeconds(5), 2, E2E_CLIENTS));
            // sequential baseline before each round; the ceiling before and after each (the emulator's rate drifts
            // with the machine's load, so a round is compared with the mean of the ceilings around it)
            var loads = new ArrayList<LoadDriver.Run>();
            var baselines = new ArrayList<LoadDriver.Run>();
            var around = new ArrayList<Double>();
            for (int r = 1; r <= 2; r++) {
                System.out.printf("round %d/2%n", r);
                baselines.add(baseline(runtime.dynamoDb(), sequence, BASELINE_ROUND, r, 1));
                if (r == 1) {
                    around.add(baseline(runtime.dynamoDb(), sequence, BASELINE_ROUND, 10, CEILING_THREADS)
                            .unitsPerSecond());
                }
                loads.add(push(http, runtime.url(), token, sequence, "push, round " + r, round, 100 + r,
                        E2E_CLIENTS));
                around.add(baseline(runtime.dynamoDb(), sequence, BASELINE_ROUND, 10 + r, CEILING_THREADS)
                        .unitsPerSecond());
            }
            var ceilings = List.of((around.get(0) + around.get(1)) / 2, (around.get(1) + around.get(2)) / 2);
            var endToEnd = new EndToEnd(List.copyOf(loads), List.copyOf(baselines), ceilings);

            report.line("### End to end (local runtime, HTTP)");
            report.line("");
            report.line(String.format("%d clients pushing back to back for %d s per round (2 rounds after a "
                    + "warm-up of 5 s from 1 client and 5 s from all), JSON bodies of 1..%d records (log-uniform), records 100 B..10 KB as above, every "
                    + "record a new sequence. Baselines, %d s each: conditional PutItems of the same item shape and"
                    + " condition as the record store's, on the same DynamoDB endpoint (moto_server behind the "
                    + "runtime's write gate), one after another before each round (sequential), and from %d threads "
                    + "(one request's writer pool) before and after each round (ceiling: the mean of the two).",
                    E2E_CLIENTS, round.toSeconds(), E2E_MAX_BATCH, BASELINE_ROUND.toSeconds(),
                    CEILING_THREADS));
            report.line("");
            report.line("| round | sequential PutItem/s | " + CEILING_THREADS + "-thread PutItem/s | accepted records/s"
                    + " | requests/s | p50 ms | p99 ms | requests | non-201 |");
            report.line("|---|---|---|---|---|---|---|---|---|");
            for (int w = 0; w < warmUps.size(); w++) {
                var load = warmUps.get(w);
                report.line(String.format("| warm-up, %d client%s | | | %s |", w == 0 ? 1 : E2E_CLIENTS,
                        w == 0 ? "" : "s", pushColumns(load)));
            }
            for (int r = 0; r < loads.size(); r++) {
                report.line(String.format("| %d | %.1f | %.1f | %s |", r + 1, baselines.get(r).unitsPerSecond(),
                        ceilings.get(r), pushColumns(loads.get(r))));
            }
            report.line("");
            report.line(String.format("**Ratio accepted records/s / sequential PutItem/s: %.2f**; / %d-thread "
                    + "PutItem/s: %.2f (medians of the rounds' ratios).", endToEnd.sequentialRatio(),
                    CEILING_THREADS, endToEnd.ceilingRatio()));
            if (BASELINE_ERRORS.get() > 0) {
                report.line("");
                report.line(BASELINE_ERRORS.get() + " baseline PutItems failed (SDK timeouts: the machine stalled "
                        + "moto_server) and are not counted.");
            }
            report.line("");
            return endToEnd;
        }
    }

    private static String pushColumns(LoadDriver.Run load) {
        return String.format("%.1f | %.2f | %.0f | %.0f | %d | %d", load.unitsPerSecond(), load.requestsPerSecond(),
                load.percentileMillis(50), load.percentileMillis(99), load.requests(), load.failures());
    }

    /** The tables, the import function and its routes: nothing else running. */
    private static Declaration importOnly() {
        var all = ScaleoutDeclaration.declaration();
        var builder = Declaration.builder();
        all.tables().forEach(builder::table);
        builder.function(all.function(ScaleoutDeclaration.IMPORT_API));
        for (RouteSpec route : all.routes()) {
            if (route.function().equals(ScaleoutDeclaration.IMPORT_API)) {
                builder.route(route);
            }
        }
        return builder.build();
    }

    /** {@code clients} threads pushing fresh bursty batches back to back for the duration; units are records. */
    private static LoadDriver.Run push(HttpClient http, String baseUrl, String token, AtomicLong sequence,
                                       String name, Duration duration, long seed, int clients)
            throws InterruptedException {
        var uri = URI.create(baseUrl + "/v2/import/push");
        return LoadDriver.run(name, clients, duration, c -> {
            var workload = new ImportWorkload(seed * 1000 + c, CLIENT_ID, sequence);
            return () -> {
                var body = workload.body(E2E_MAX_BATCH, false);
                var request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                        .header("content-type", "application/json")
                        .header("authorization", "Bearer " + token)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body.json())).build();
                var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return response.statusCode() == 201 ? LoadDriver.Outcome.ok(body.records())
                        : LoadDriver.Outcome.failed("answered " + response.statusCode() + ": " + response.body());
            };
        });
    }

    /**
     * The emulator's bound: conditional PutItems as the record store writes them (same table, attributes and
     * condition; records from the same generator), through the endpoint the functions use, from {@code threads}
     * threads each putting one item after another.
     */
    private static LoadDriver.Run baseline(DynamoDbClient dynamoDb, AtomicLong sequence, Duration duration, long seed,
                                           int threads) throws InterruptedException {
        var run = LoadDriver.run("baseline, " + threads + " PutItem thread" + (threads == 1 ? "" : "s"), threads,
                duration, t -> {
                    var workload = new ImportWorkload(seed * 1000 + t, CLIENT_ID, sequence);
                    var random = new Random(seed * 1000 + t);
                    return () -> {
                        try {
                            dynamoDb.putItem(put(workload.record(), random));
                        } catch (ConditionalCheckFailedException retried) {
                            // a timed-out attempt had written it; the SDK's retry found it: a put all the same
                        }
                        // an SdkException (e.g. the SDK's timeouts, when the shared machine stalls moto) fails it
                        return LoadDriver.Outcome.ok(1);
                    };
                });
        BASELINE_ERRORS.addAndGet(run.failures());
        return run;
    }

    /** What DynamoRecordStore puts for a record: a 192-bit id, the key and data as JSON, the sequence condition. */
    private static PutItemRequest put(com.fasterxml.jackson.databind.JsonNode record, Random random) {
        var data = record.get("data");
        byte[] id = new byte[24];
        random.nextBytes(id);
        String sequence = record.get("sequence").asText();
        return PutItemRequest.builder().tableName("ImportRecords")
                .item(Map.of(
                        "recordId", AttributeValue.fromS(Base64.getUrlEncoder().withoutPadding().encodeToString(id)),
                        "clientId", AttributeValue.fromN(String.valueOf(CLIENT_ID)),
                        "tableName", AttributeValue.fromS(record.get("table_name").asText()),
                        "sequence", AttributeValue.fromN(sequence),
                        "keyJson", AttributeValue.fromS("{\"id\":" + data.get("id") + "}"),
                        "dataJson", AttributeValue.fromS(data.toString())))
                .conditionExpression("attribute_not_exists(#id) OR #seq < :seq")
                .expressionAttributeNames(Map.of("#id", "recordId", "#seq", "sequence"))
                .expressionAttributeValues(Map.of(":seq", AttributeValue.fromN(sequence)))
                .build();
    }
}
