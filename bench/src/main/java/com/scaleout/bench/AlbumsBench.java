package com.scaleout.bench;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.albums.DynamoAlbumStore;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code ./scaleout bench albums [pairs]}: the seed's AlbumStore load client, unchanged ({@code ./scaleout load
 * albums}, its Gatling simulation), at its 10/30/2 configuration (300 client threads) against a local stack with
 * defaults, beside the same stack's DynamoDB ceiling: album PutItems, as the POST route writes them, from
 * {@value #CEILING_THREADS} threads back to back through the runtime's gate, before and after the client's run.
 * The client counts every answer other than 200 as a failure and never retries.
 */
final class AlbumsBench {
    private static final int CEILING_THREADS = 32;
    private static final Duration CEILING_RUN = Duration.ofSeconds(10);
    private static final Duration CEILING_WARM_UP = Duration.ofSeconds(5);
    /** One row of Gatling's "Global Information" table: a name, then the total, OK and KO columns. */
    private static final Pattern GLOBAL_ROW =
            Pattern.compile("^> (.+?)\\s+\\|\\s+([\\d,.]+|-)\\s+\\|\\s+([\\d,.]+|-)\\s+\\|\\s+([\\d,.]+|-)\\s*$");

    private AlbumsBench() {
    }

    /** The client's figures, as Gatling printed them at the end of its run (total and failed columns). */
    record ClientRun(Map<String, Double> total, Map<String, Double> failed, String htmlReport, int exitCode) {
        double get(String row) {
            return total.getOrDefault(row, Double.NaN);
        }

        double failures() {
            return failed.getOrDefault("request count", 0.0);
        }
    }

    static void run(int pairs) throws Exception {
        var report = new BenchReport("albums", "./scaleout bench albums " + pairs);
        Path dataDir = ScaleBench.freshDataDir("bench-albums");
        var config = LocalConfig.fromEnvironment().withPort(0).withDataDir(dataDir);
        double before;
        double after;
        ClientRun client;
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            ceiling(runtime.dynamoDb(), "warm-up", CEILING_WARM_UP); // the JIT's first seconds are not the ceiling
            before = ceiling(runtime.dynamoDb(), "before", CEILING_RUN).requestsPerSecond();
            System.out.printf("the AlbumStore client: 10 groups of 30 threads, 2 s apart, %d pairs each%n", pairs);
            client = runClient(runtime.url(), pairs);
            after = ceiling(runtime.dynamoDb(), "after", CEILING_RUN).requestsPerSecond();
        }
        double ceiling = (before + after) / 2;
        double posts = client.get("mean throughput (rps)") / 2; // a pair is a POST and a GET
        report.line(String.format("The seed's AlbumStore client, unchanged (the Gatling simulation of `./scaleout load "
                + "albums`), at 10/30/2: 300 threads in 30 groups 2 s apart, %d pairs (POST /albums with a 120 KB "
                + "image, then GET /albums/{id}) each, against a local stack with defaults. Ceiling: album PutItems "
                + "from %d threads back to back for %d s through the runtime's gate (after a %d-s warm-up), before "
                + "and after the client (the mean of the two).", pairs, CEILING_THREADS, CEILING_RUN.toSeconds(),
                CEILING_WARM_UP.toSeconds()));
        report.line("");
        report.line("| figure | value |");
        report.line("|---|---:|");
        report.line(String.format("| requests / failed (the client counts any answer but 200) | %,.0f / %,.0f |",
                client.get("request count"), client.failures()));
        report.line(String.format("| client throughput, requests/s (POST /albums per s) | %.1f (%.1f) |",
                client.get("mean throughput (rps)"), posts));
        report.line(String.format("| latency p50 / p95 / p99 / max, ms | %,.0f / %,.0f / %,.0f / %,.0f |",
                client.get("response time 50th percentile (ms)"), client.get("response time 95th percentile (ms)"),
                client.get("response time 99th percentile (ms)"), client.get("max response time (ms)")));
        report.line(String.format("| album PutItem ceiling, %d threads: before / after | %.1f / %.1f per s |",
                CEILING_THREADS, before, after));
        report.line(String.format("| POST /albums per s / PutItem ceiling | %.2f |", posts / ceiling));
        report.line("");
        report.line("Gatling's report: `" + client.htmlReport() + "`.");
        report.save();
        BenchmarksBlock.named("albums").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", report.lines()));
        if (client.exitCode() != 0) {
            System.out.println("the client's run failed (exit " + client.exitCode() + "): see its output above");
        }
    }

    private static LoadDriver.Run ceiling(DynamoDbClient dynamoDb, String when, Duration duration)
            throws InterruptedException {
        String table = DynamoAlbumStore.TABLE; // locally a table's physical name is its declared name
        return LoadDriver.run("album PutItem ceiling, " + when, CEILING_THREADS, duration, t -> () -> {
            dynamoDb.putItem(r -> r.tableName(table).item(Map.of(
                    "albumID", AttributeValue.fromS(UUID.randomUUID().toString()),
                    "artist", AttributeValue.fromS("Sex Pistols"),
                    "title", AttributeValue.fromS("Never Mind The Bollocks!"),
                    "year", AttributeValue.fromS("1977"),
                    "imageKey", AttributeValue.fromS("images/0123456789abcdef0123456789abcdef"),
                    "imageSize", AttributeValue.fromN("120000"),
                    "likes", AttributeValue.fromN("0"),
                    "dislikes", AttributeValue.fromN("0"))));
            return LoadDriver.Outcome.ok(1);
        });
    }

    /** {@code ./scaleout load albums} against the stack, its output shown as it comes and its summary kept. */
    private static ClientRun runClient(String url, int pairs) throws IOException, InterruptedException {
        var process = new ProcessBuilder("./scaleout", "load", "albums", "--url", url, "10", "30", "2",
                Integer.toString(pairs)).redirectErrorStream(true).start();
        var lines = new ArrayList<String>();
        try (var out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                System.out.println(line);
                lines.add(line);
            }
        }
        int exit = process.waitFor();
        return parse(lines, exit);
    }

    /** The last "Global Information" block of Gatling's output, and its HTML report's path. */
    static ClientRun parse(List<String> lines, int exitCode) {
        int from = -1;
        String html = "";
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("Global Information")) {
                from = i;
            }
            int report = lines.get(i).indexOf("HTML report:"); // after the script's colour codes
            if (report >= 0) {
                html = lines.get(i).substring(report + "HTML report:".length()).strip();
            }
        }
        var total = new LinkedHashMap<String, Double>();
        var failed = new LinkedHashMap<String, Double>();
        for (int i = Math.max(0, from); from >= 0 && i < lines.size(); i++) {
            var row = GLOBAL_ROW.matcher(lines.get(i).strip());
            if (row.matches()) {
                total.put(row.group(1).strip(), number(row.group(2)));
                failed.put(row.group(1).strip(), number(row.group(4)));
            }
        }
        return new ClientRun(total, failed, html, exitCode);
    }

    private static double number(String text) {
        return text.equals("-") ? 0 : Double.parseDouble(text.replace(",", ""));
    }
}
