package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.albums.AlbumService;
import com.scaleout.functions.albums.DynamoAlbumStore;
import com.scaleout.functions.albums.MultipartForm;
import com.scaleout.functions.albums.S3ImageStore;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.admin.AdminClient;
import io.lettuce.core.RedisClient;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The seeds' comparisons end to end ({@code ./scaleout bench stack [seconds]}), against one local stack: the
 * production declaration with the admin routes on and the function pools raised, as Lambda would scale.
 * <ol>
 *   <li>The album store's client: {@value #ALBUM_CLIENTS} clients alternating {@code POST /albums} (a 120 KB
 *       image and a profile) and {@code GET /albums/{id}} back to back, against the same {@link AlbumService}
 *       over the same stores called in this process from as many threads (no gateway, no Lambda, no HTTP).</li>
 *   <li>NanoTwitter's {@code /test/stress} as {@code POST /admin/stress}: average ms of a tweet, a follow and a
 *       home timeline read timed through the real services, {@value #STRESS_RUNS} runs (the seed ran three),
 *       each after its baselines: one DynamoDB PutItem and one Redis GET, timed from this process against the
 *       same endpoints (what those operations are made of).</li>
 * </ol>
 */
final class StackBench {
    static final int STRESS_RUNS = 3;
    static final int STRESS_N = 30;
    static final int STRESS_FANS = 100;
    static final int ALBUM_CLIENTS = 8;
    private static final String STAR = "bench_star";
    private static final String ADMIN_KEY = "bench-admin-key";
    private static final int PUT_BASELINE = 50;
    private static final int REDIS_BASELINE = 200;
    private static final String BOUNDARY = "scaleoutBenchBoundary0Ab9";
    private static final String PROFILE = "{\"artist\":\"Sex Pistols\",\"title\":\"Never Mind The Bollocks!\","
            + "\"year\":\"1977\"}";

    private StackBench() {
    }

    /** Average ms of each timed operation of one stress run, with the round trips measured just before it. */
    record StressRun(int fans, boolean complete, double tweetMs, double followMs, double timelineMs,
                     double tweetP99Ms, double followP99Ms, double timelineP99Ms, double putItemMs,
                     double redisGetMs) {
    }

    record Summary(List<StressRun> stress, LoadDriver.Run albums, LoadDriver.Run albumsInProcess) {
        double median(java.util.function.ToDoubleFunction<StressRun> figure) {
            return BenchReport.median(stress.stream().map(figure::applyAsDouble).toList());
        }
    }

    static void run(Duration albumRun) throws Exception {
        var report = new BenchReport("stack", "./scaleout bench stack " + albumRun.toSeconds());
        measure(report, albumRun);
        report.save();
    }

    static Summary measure(BenchReport report, Duration albumRun) throws Exception {
        System.setProperty(AdminKey.VARIABLE, ADMIN_KEY);
        var config = LocalConfig.fromEnvironment().withPort(0);
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(), config)) {
            // albums first: the stress run leaves its followers' and tweets' fanout to the streams, which would
            // still be running under the album load
            var albums = albums(report, runtime, albumRun);
            var stress = stress(report, runtime);
            return new Summary(stress, albums.get(0), albums.get(1));
        }
    }

    // ------------------------------------------------------------------------------------------------- stress

    private static List<StressRun> stress(BenchReport report, LocalRuntime runtime) throws Exception {
        var admin = new AdminClient(runtime.url(), ADMIN_KEY);
        var redisClient = RedisClient.create(runtime.backends().redisUrl());
        var runs = new ArrayList<StressRun>();
        try (var redis = redisClient.connect()) {
            for (int run = 1; run <= STRESS_RUNS; run++) {
                double put = putItemMillis(runtime.dynamoDb());
                double get = meanMillis(REDIS_BASELINE, () -> redis.sync().get("bench:absent"));
                JsonNode answer = admin.call("POST", "/admin/stress", Json.write(Map.of("star", STAR, "n", STRESS_N,
                        "fan", STRESS_FANS)));
                var result = new StressRun(answer.get("fans").asInt(), answer.get("complete").asBoolean(),
                        average(answer, "tweet"), average(answer, "follow"), average(answer, "timeline"),
                        answer.get("tweet").get("p99Ms").asDouble(), answer.get("follow").get("p99Ms").asDouble(),
                        answer.get("timeline").get("p99Ms").asDouble(), put, get);
                System.out.printf("  stress run %d/%d: tweet %.1f ms, follow %.1f ms, timeline %.1f ms (averages);"
                                + " PutItem %.1f ms, Redis GET %.2f ms%n", run, STRESS_RUNS, result.tweetMs(),
                        result.followMs(), result.timelineMs(), put, get);
                runs.add(result);
            }
        } finally {
            redisClient.shutdown();
        }
        report.line("### NanoTwitter's stress test (`POST /admin/stress`)");
        report.line("");
        report.line(String.format("`{\"star\":\"%s\",\"n\":%d,\"fan\":%d}`, %d runs (each adds %d fans to the star);"
                        + " averages in ms, timed inside the admin function through the real services. Baselines"
                        + " before each run, from the benchmark's process: %d PutItems of one small item and %d"
                        + " Redis GETs of a missing key, on the endpoints the functions use.", STAR, STRESS_N,
                STRESS_FANS, STRESS_RUNS, STRESS_FANS, PUT_BASELINE, REDIS_BASELINE));
        report.line("");
        report.line("| run | fans | tweet avg / p99 | follow avg / p99 | timeline avg / p99 | PutItem avg | Redis GET"
                + " avg | complete |");
        report.line("|---|---|---|---|---|---|---|---|");
        for (int r = 0; r < runs.size(); r++) {
            var s = runs.get(r);
            report.line(String.format("| %d | %d | %.1f / %.1f | %.1f / %.1f | %.1f / %.1f | %.1f | %.2f | %s |",
                    r + 1, s.fans(), s.tweetMs(), s.tweetP99Ms(), s.followMs(), s.followP99Ms(), s.timelineMs(),
                    s.timelineP99Ms(), s.putItemMs(), s.redisGetMs(), s.complete()));
        }
        report.line("");
        return runs;
    }

    private static double average(JsonNode answer, String operation) {
        return answer.get(operation).get("averageMs").asDouble();
    }

    /** Mean ms of PutItems of one small item (overwritten) in a table no stream consumer reads. */
    private static double putItemMillis(DynamoDbClient dynamoDb) {
        var item = Map.of("albumID", AttributeValue.fromS("bench-baseline"), "artist", AttributeValue.fromS("b"));
        return meanMillis(PUT_BASELINE, () -> dynamoDb.putItem(r -> r.tableName(DynamoAlbumStore.TABLE).item(item)));
    }

    private static double meanMillis(int times, Runnable operation) {
        operation.run(); // the first call pays for connections and classes
        var histogram = new Histogram(3);
        for (int i = 0; i < times; i++) {
            long start = System.nanoTime();
            operation.run();
            histogram.recordValue((System.nanoTime() - start) / 1000);
        }
        return histogram.getMean() / 1000;
    }

    // ------------------------------------------------------------------------------------------------- albums

    /** The HTTP run, then the in-process baseline run; each after a warm-up of its own. */
    private static List<LoadDriver.Run> albums(BenchReport report, LocalRuntime runtime, Duration duration)
            throws Exception {
        byte[] image = new byte[120_000];
        new Random(1977).nextBytes(image);
        byte[] body = multipart(image);
        String contentType = "multipart/form-data; boundary=" + BOUNDARY;
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        IntFunction<LoadDriver.Request> overHttp = c -> new Alternating(
                () -> {
                    var response = http.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/albums"))
                            .header("content-type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body))
                            .build(), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() != 200) {
                        throw new IllegalStateException("POST /albums answered " + response.statusCode());
                    }
                    return Json.MAPPER.readTree(response.body()).get("albumID").asText();
                },
                id -> {
                    int status = http.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/albums/" + id))
                            .GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status != 200) {
                        throw new IllegalStateException("GET /albums/{id} answered " + status);
                    }
                });
        // the same service and stores the function builds, called here: what the API adds is the difference
        var service = new AlbumService(new DynamoAlbumStore(AwsClients.dynamoDb()),
                new S3ImageStore(AwsClients.s3()));
        IntFunction<LoadDriver.Request> inProcess = c -> new Alternating(
                () -> service.post(MultipartForm.parse(body, contentType)).id(),
                service::get);

        Duration baselineRun = duration.dividedBy(2);
        LoadDriver.run("albums warm-up (HTTP)", ALBUM_CLIENTS, Duration.ofSeconds(5), overHttp);
        var overApi = LoadDriver.run("albums through the API", ALBUM_CLIENTS, duration, overHttp);
        LoadDriver.run("albums warm-up (in process)", ALBUM_CLIENTS, Duration.ofSeconds(3), inProcess);
        var direct = LoadDriver.run("albums in process", ALBUM_CLIENTS, baselineRun, inProcess);

        report.line("### Album store");
        report.line("");
        report.line(String.format("%d clients alternating POST /albums (a %,d-byte image and a JSON profile; every "
                        + "post after the first is a HEAD in S3, the image being content-addressed) and GET /albums/{id}"
                        + " of the album just posted, back to back: %d s through the API after a 5 s warm-up, and "
                        + "the same calls on `AlbumService` in this process for %d s (baseline).", ALBUM_CLIENTS,
                image.length, duration.toSeconds(), baselineRun.toSeconds()));
        report.line("");
        report.line("| run | requests | requests/s | p50 ms | p95 ms | p99 ms | failed |");
        report.line("|---|---|---|---|---|---|---|");
        for (var run : List.of(overApi, direct)) {
            report.line(String.format("| %s | %,d | %.1f | %.1f | %.1f | %.1f | %d |", run.name(), run.requests(),
                    run.requestsPerSecond(), run.percentileMillis(50), run.percentileMillis(95),
                    run.percentileMillis(99), run.failures()));
        }
        report.line("");
        report.line(String.format("**Ratio API / in process: %.2f** (requests/s).",
                overApi.requestsPerSecond() / direct.requestsPerSecond()));
        report.line("");
        return List.of(overApi, direct);
    }

    private static byte[] multipart(byte[] image) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"cover.png\""
                + "\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(image);
        out.writeBytes(("\r\n--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n"
                + "Content-Type: application/json\r\n\r\n" + PROFILE + "\r\n--" + BOUNDARY + "--\r\n")
                .getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** A client of the album store: a post, then a get of what it posted, and so on; each one request. */
    private static final class Alternating implements LoadDriver.Request {
        interface Post {
            String send() throws Exception;
        }

        interface Get {
            void send(String albumId) throws Exception;
        }

        private final Post post;
        private final Get get;
        private String posted;

        Alternating(Post post, Get get) {
            this.post = post;
            this.get = get;
        }

        @Override
        public LoadDriver.Outcome send() throws Exception {
            if (posted == null) {
                posted = post.send();
            } else {
                String id = posted;
                posted = null;
                get.send(id);
            }
            return LoadDriver.Outcome.ok(1);
        }
    }
}
