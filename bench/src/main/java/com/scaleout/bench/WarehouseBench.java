package com.scaleout.bench;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.imports.domain.ImportedTable;
import com.scaleout.functions.imports.dynamodb.DynamoImportKeyStore;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.backends.MotoClients;
import com.scaleout.local.warehouse.LocalWarehouse;
import com.scaleout.warehouse.WarehouseComponents;
import com.scaleout.warehouse.domain.CatalogTables;
import com.scaleout.warehouse.duckdb.DuckDb;
import com.scaleout.warehouse.duckdb.Sql;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code ./scaleout bench warehouse [records] [rows]}: how fast pushed records become queryable Parquet, and what the
 * files and DuckDB's queries cost.
 * <ol>
 *   <li>End to end on the production stack: {@code records} records pushed (bursty Stitch bodies, {@link
 *   ImportWorkload}) from 2 clients; the change log's committed positions and the warehouse's loaded positions are
 *   sampled until both hold every change. Baseline, same run: the change log's own rate (the warehouse reads it,
 *   so it cannot be faster). Then the files' bytes against the JSON accepted.</li>
 *   <li>DuckDB alone: {@code rows} rows of an orders-like table as one Parquet file (ZSTD, as the loader writes) and
 *   as NDJSON; the same GROUP BY over each, median of 5.</li>
 * </ol>
 */
final class WarehouseBench {
    private static final long CLIENT_ID = 4_242;
    private static final int CLIENTS = 2;
    private static final int MAX_BATCH = 500;
    private static final Duration SETTLE = Duration.ofSeconds(5);
    private static final Duration LIMIT = Duration.ofMinutes(20);
    private static final int QUERY_RUNS = 5;
    private static final String[] TABLES = {"orders", "customers", "page_views"};

    private WarehouseBench() {
    }

    static void run(int records, int rows) throws Exception {
        var report = new BenchReport("warehouse", "./scaleout bench warehouse " + records + " " + rows);
        endToEnd(report, records);
        report.line("");
        duckDb(report, rows);
        report.save();
        BenchmarksBlock.named("warehouse").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
    }

    /** Positions summed over the client's tables, in one of the two state tables. */
    private static long positions(LocalRuntime runtime, String table, String attribute) {
        long sum = 0;
        for (var item : runtime.dynamoDb().query(q -> q.tableName(table).consistentRead(true)
                .keyConditionExpression("clientId = :c")
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromS(Long.toString(CLIENT_ID))))).items()) {
            var value = item.get(attribute);
            sum += value == null ? 0 : Long.parseLong(value.n());
        }
        return sum;
    }

    private static void endToEnd(BenchReport report, int records) throws Exception {
        Path dataDir = ScaleBench.freshDataDir("bench-warehouse");
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(dataDir);
        System.out.println("starting the production stack...");
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            var keys = new ImportKeys(new DynamoImportKeyStore(runtime.dynamoDb(), "ImportKeys"), Clock.systemUTC(),
                    Duration.ofHours(1));
            String token = keys.create(CLIENT_ID, "bench").token();
            var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            var uri = URI.create(runtime.url() + "/v2/import/push");
            var sequence = new AtomicLong(1_000_000_000L);
            var accepted = new AtomicLong();
            var acceptedBytes = new AtomicLong();
            var refused = new AtomicLong();
            System.out.printf("pushing %,d records from %d clients, sampling the change log and the warehouse%n",
                    records, CLIENTS);
            long start = System.nanoTime();
            try (var clients = Executors.newFixedThreadPool(CLIENTS)) {
                for (int c = 0; c < CLIENTS; c++) {
                    var workload = new ImportWorkload(77 + c, CLIENT_ID, sequence);
                    clients.execute(() -> {
                        while (accepted.get() < records) {
                            var body = workload.body(MAX_BATCH, false);
                            try {
                                var response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                                        .header("content-type", "application/json")
                                        .header("authorization", "Bearer " + token)
                                        .POST(HttpRequest.BodyPublishers.ofByteArray(body.json())).build(),
                                        HttpResponse.BodyHandlers.discarding());
                                if (response.statusCode() == 201) {
                                    accepted.addAndGet(body.records());
                                    acceptedBytes.addAndGet(body.json().length);
                                } else {
                                    refused.incrementAndGet();
                                }
                            } catch (java.io.IOException e) {
                                refused.incrementAndGet();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                return;
                            }
                        }
                    });
                }
            }
            double pushSeconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("pushed %,d records in %.1f s; waiting for the change log and the warehouse%n",
                    accepted.get(), pushSeconds);

            // each figure's time is when it last moved: the sample it reached its final value in
            long committed = 0;
            long loaded = 0;
            long committedAt = start;
            long loadedAt = start;
            long giveUp = start + LIMIT.toNanos();
            while (System.nanoTime() < giveUp) {
                long nowCommitted = positions(runtime, "ImportTables", "lastPosition");
                long nowLoaded = positions(runtime, "WarehouseTables", "loadedPosition");
                long now = System.nanoTime();
                if (nowCommitted != committed) {
                    committed = nowCommitted;
                    committedAt = now;
                }
                if (nowLoaded != loaded) {
                    loaded = nowLoaded;
                    loadedAt = now;
                }
                if (now - committedAt > SETTLE.toNanos() && loaded == committed) {
                    break;
                }
                System.out.printf("  %5.1f s: %,d changes committed, %,d in the warehouse%n", (now - start) / 1e9,
                        committed, loaded);
                Thread.sleep(1_000);
            }
            double logSeconds = (committedAt - start) / 1e9;
            double loadedSeconds = (loadedAt - start) / 1e9;
            var files = files(runtime);
            report.line(String.format(Locale.ROOT, "End to end on the production stack: %,d records pushed as bursty "
                    + "Stitch bodies (1..%d records, 100 B..10 KB each) from %d clients to client %d's tables %s; "
                    + "the change log's committed positions and the warehouse's loaded positions sampled every second "
                    + "(so times are to about a second). Baseline, same run: the change log, which the loader reads "
                    + "(the warehouse cannot be faster).", accepted.get(), MAX_BATCH, CLIENTS, CLIENT_ID,
                    String.join(", ", TABLES)));
            report.line("");
            report.line("| figure | value |");
            report.line("|---|---:|");
            report.line(String.format(Locale.ROOT, "| pushes: records accepted, JSON bytes, seconds, refused "
                    + "requests | %,d, %,d B, %.1f s, %d |", accepted.get(), acceptedBytes.get(), pushSeconds,
                    refused.get()));
            report.line(String.format(Locale.ROOT, "| records accepted that changed nothing (their key already had "
                    + "a greater sequence) | %,d |", accepted.get() - committed));
            report.line(String.format(Locale.ROOT, "| baseline: changes in the change log, from the first push | "
                    + "%,d in %.1f s, %,.0f changes/s |", committed, logSeconds, committed / logSeconds));
            report.line(String.format(Locale.ROOT, "| changes in the warehouse (queryable Parquet), from the first "
                    + "push | %,d in %.1f s, %,.0f changes/s (%.2f × the change log's rate) |", loaded, loadedSeconds,
                    loaded / loadedSeconds, (loaded / loadedSeconds) / (committed / logSeconds)));
            report.line(String.format(Locale.ROOT, "| the warehouse behind the change log at the end | %.1f s |",
                    loadedSeconds - logSeconds));
            report.line(String.format(Locale.ROOT, "| Parquet files, bytes (%.2f × the JSON accepted) | %,d files, "
                    + "%,d B |", files.bytes() / (double) acceptedBytes.get(), files.count(), files.bytes()));
            var catalog = catalog(runtime);
            report.line(String.format(Locale.ROOT, "| Glue tables kept for Athena: tables, columns, table versions "
                    + "(one per schema change, not per file) | %d, %d, %d |", catalog.tables(), catalog.columns(),
                    catalog.versions()));
        }
    }

    private record Catalog(int tables, int columns, int versions) {
    }

    /** The loader's Glue tables of the benchmark's client, in the database the template names. */
    private static Catalog catalog(LocalRuntime runtime) {
        String database = runtime.environments().get(ScaleoutDeclaration.WAREHOUSE_LOADER)
                .get(Settings.catalog(WarehouseComponents.BUCKET).name());
        try (var glue = MotoClients.glue(runtime.backends().dynamoDbEndpoint())) {
            int tables = 0;
            int columns = 0;
            int versions = 0;
            for (String name : TABLES) {
                String catalogName = CatalogTables.name(new ImportedTable(CLIENT_ID, name));
                var table = glue.getTable(get -> get.databaseName(database).name(catalogName)).table();
                tables++;
                columns += table.storageDescriptor().columns().size();
                versions += glue.getTableVersions(list -> list.databaseName(database).tableName(catalogName))
                        .tableVersions().size();
            }
            return new Catalog(tables, columns, versions);
        }
    }

    private record Stored(int count, long bytes) {
    }

    private static Stored files(LocalRuntime runtime) {
        try (var s3 = MotoClients.s3(runtime.backends().dynamoDbEndpoint())) {
            int count = 0;
            long bytes = 0;
            for (var object : s3.listObjectsV2Paginator(l -> l.bucket(LocalWarehouse.bucket())
                    .prefix("client=" + CLIENT_ID + "/")).contents()) {
                count++;
                bytes += object.size();
            }
            return new Stored(count, bytes);
        }
    }

    private static void duckDb(BenchReport report, int rows) throws Exception {
        Path dir = Files.createTempDirectory("bench-warehouse");
        Path parquet = dir.resolve("orders.parquet");
        Path ndjson = dir.resolve("orders.ndjson");
        String table = "SELECT i AS id, ['open', 'paid', 'shipped', 'returned'][i % 4 + 1] AS status, "
                + "round(i * 0.37 % 1000, 2) AS amount, 'customer-' || (i % 10007) AS customer, "
                + "i + 1000000 AS _sdc_sequence FROM range(" + rows + ") t(i)";
        String query = "SELECT status, count(*), sum(amount) FROM %s GROUP BY 1 ORDER BY 1";
        var parquetTimes = new ArrayList<Double>();
        var jsonTimes = new ArrayList<Double>();
        try (var connection = DuckDb.inMemory(); var statement = connection.createStatement()) {
            System.out.printf("writing %,d rows as Parquet and NDJSON%n", rows);
            statement.execute("COPY (" + table + ") TO " + Sql.literal(parquet.toString())
                    + " (FORMAT parquet, COMPRESSION zstd)");
            statement.execute("COPY (" + table + ") TO " + Sql.literal(ndjson.toString()) + " (FORMAT json)");
            for (int run = 0; run < QUERY_RUNS; run++) {
                parquetTimes.add(time(statement, String.format(query,
                        "read_parquet(" + Sql.literal(parquet.toString()) + ")")));
                jsonTimes.add(time(statement, String.format(query,
                        "read_json(" + Sql.literal(ndjson.toString()) + ", format = 'newline_delimited')")));
            }
        }
        double parquetMs = BenchReport.median(parquetTimes);
        double jsonMs = BenchReport.median(jsonTimes);
        report.line(String.format(Locale.ROOT, "DuckDB over %,d rows (id, status, amount, customer, _sdc_sequence), "
                + "`%s`, median of %d runs each:", rows, String.format(query, "…"), QUERY_RUNS));
        report.line("");
        report.line("| format | file | query p50 |");
        report.line("|---|---:|---:|");
        report.line(String.format(Locale.ROOT, "| NDJSON (baseline) | %,d B | %.0f ms |", Files.size(ndjson),
                jsonMs));
        report.line(String.format(Locale.ROOT, "| Parquet, ZSTD (as the loader writes) | %,d B (%.2f ×) | %.0f ms "
                + "(%.3f ×) |", Files.size(parquet), Files.size(parquet) / (double) Files.size(ndjson), parquetMs,
                parquetMs / jsonMs));
        Files.delete(parquet);
        Files.delete(ndjson);
        Files.delete(dir);
    }

    private static double time(java.sql.Statement statement, String sql) throws SQLException {
        long start = System.nanoTime();
        try (var result = statement.executeQuery(sql)) {
            while (result.next()) {
                result.getObject(2);
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }
}
