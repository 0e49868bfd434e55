package com.scaleout.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.redis.RedisSearchCache;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Search latency ({@code ./scaleout bench search [tweets] [queries]}) over N seeded tweets (default 100,000; words drawn from a 5,000-word vocabulary with a Zipf-like
 * skew): p50/p99 of 1-, 2- and 5-term queries, cold (each query new) and cached (the same queries again), one
 * client, through the local runtime, against {@code GET /health} measured the same way in the same run. Tweets
 * and their index entries are written straight to the tables (the stream path is measured by the tests).
 */
final class SearchBench {
    private static final int VOCABULARY = 5000;

    private SearchBench() {
    }

    /** One measured row: what was queried, its p50 and p99. */
    record Row(String what, double p50Millis, double p99Millis) {
    }

    /** The rows in the order measured: the health baseline first and last, each query size cold then cached. */
    record Summary(int tweets, int queries, List<Row> rows) {
        /** The mean of the two health baselines' p50 (the first includes the health function's cold start). */
        double healthP50() {
            return (rows.getFirst().p50Millis() + rows.getLast().p50Millis()) / 2;
        }

        Row row(int terms, boolean cached) {
            String what = terms + "-term search, " + (cached ? "cached" : "cold");
            return rows.stream().filter(r -> r.what().equals(what)).findFirst().orElseThrow();
        }
    }

    static void run(int tweets, int queries) throws Exception {
        var report = new BenchReport("search", "./scaleout bench search " + tweets + " " + queries);
        measure(report, tweets, queries);
        report.save();
    }

    static Summary measure(BenchReport report, int tweets, int queries) throws Exception {
        var rows = new ArrayList<Row>();
        try (var runtime = LocalRuntime.start(searchOnly(), LocalConfig.fromEnvironment().withPort(0))) {
            var words = new ArrayList<String>();
            for (int i = 0; i < VOCABULARY; i++) {
                words.add("w" + Integer.toString(i, 36) + "x");
            }
            long start = System.nanoTime();
            var indexed = seed(runtime.dynamoDb(), tweets, words);
            markIndexed(runtime.backends().redisUrl(), indexed);
            // a query with a word no tweet has is never cached (the word has no generation in the search cache, by
            // design): queries are made of words that occur, ranked as in the vocabulary (frequent ones first)
            var searchable = words.stream().filter(indexed::contains).toList();
            report.line(String.format("Seeded %d tweets (8 words each, Zipf-like over %d words) in %.0f s; queries draw"
                    + " Zipf-like from the %d words that occur in them.", tweets, VOCABULARY,
                    (System.nanoTime() - start) / 1e9, searchable.size()));
            report.line("");
            var http = HttpClient.newHttpClient();
            var random = new Random(7);
            report.line("| queries (" + queries + " each, one client) | p50 ms | p99 ms |");
            report.line("|---|---|---|");
            rows.add(row(report, "GET /health (baseline)", measure(http, runtime.url(), List.of("/health"), queries)));
            for (int terms : new int[] {1, 2, 5}) {
                var paths = new ArrayList<String>();
                for (int q = 0; q < queries; q++) {
                    var query = new ArrayList<String>();
                    while (query.size() < terms) {
                        String word = searchable.get(zipf(random, searchable.size()));
                        if (!query.contains(word)) {
                            query.add(word);
                        }
                    }
                    paths.add("/search?q=" + URLEncoder.encode(String.join(" ", query), StandardCharsets.UTF_8));
                }
                rows.add(row(report, terms + "-term search, cold", measure(http, runtime.url(), paths, queries)));
                rows.add(row(report, terms + "-term search, cached", measure(http, runtime.url(), paths, queries)));
            }
            rows.add(row(report, "GET /health (baseline, again)",
                    measure(http, runtime.url(), List.of("/health"), queries)));
        }
        return new Summary(tweets, queries, List.copyOf(rows));
    }

    /** The tables, and only the search route and health: no stream consumers to replay the seeded tweets. */
    private static Declaration searchOnly() {
        var all = ScaleoutDeclaration.declaration();
        var builder = Declaration.builder();
        all.tables().forEach(builder::table);
        builder.function(all.function(ScaleoutDeclaration.HEALTH));
        builder.function(all.function(ScaleoutDeclaration.SOCIAL_SEARCH));
        for (RouteSpec route : all.routes()) {
            if (route.routeKey().equals("GET /search") || route.routeKey().equals("GET /health")) {
                builder.route(route);
            }
        }
        return builder.build();
    }

    private static int zipf(Random random, int n) {
        // rank ~ n^u: frequent words very frequent, most rare
        return Math.min(n - 1, (int) Math.floor(Math.pow(n, random.nextDouble())) - 1);
    }

    /** Writes the tweets and their index entries; answers the terms indexed. */
    private static Set<String> seed(DynamoDbClient dynamoDb, int tweets, List<String> words) {
        var terms = new TreeSet<String>();
        var random = new Random(42);
        var tweetWrites = new ArrayList<WriteRequest>();
        var indexWrites = new ArrayList<WriteRequest>();
        for (int t = 0; t < tweets; t++) {
            String id = UlidCreator.getMonotonicUlid().toString();
            var text = new StringBuilder();
            for (int w = 0; w < 8; w++) {
                text.append(words.get(zipf(random, words.size()))).append(' ');
            }
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("id", AttributeValue.fromS(id));
            item.put("authorId", AttributeValue.fromS("01BENCH0000000000000000000"));
            item.put("authorUsername", AttributeValue.fromS("bench"));
            item.put("text", AttributeValue.fromS(text.toString().strip()));
            item.put("createdAt", AttributeValue.fromS("2026-11-30T00:00:00.000Z"));
            tweetWrites.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            for (String term : SearchTerms.of(text.toString())) {
                terms.add(term);
                String partition = term + "#" + Math.floorMod(id.hashCode(), 4);
                indexWrites.add(WriteRequest.builder().putRequest(p -> p.item(Map.of(
                        "term", AttributeValue.fromS(partition), "tweetId", AttributeValue.fromS(id)))).build());
            }
            if (tweetWrites.size() >= 25) {
                write(dynamoDb, "Tweets", tweetWrites);
                write(dynamoDb, "SearchIndex", indexWrites);
            }
            if ((t + 1) % 10_000 == 0) {
                System.out.printf("  seeded %,d tweets%n", t + 1);
            }
        }
        write(dynamoDb, "Tweets", tweetWrites);
        write(dynamoDb, "SearchIndex", indexWrites);
        return terms;
    }

    /**
     * What the index stream handler does for every term it indexes: advances the term's generation in the search
     * cache (the real {@link RedisSearchCache}). The cache serves and stores pages only for terms that have one, so
     * without this the "cached" rows would measure the index again.
     */
    private static void markIndexed(String redisUrl, Set<String> terms) {
        var all = List.copyOf(terms);
        try (var redis = new RedisLink(redisUrl)) {
            var cache = new RedisSearchCache(Optional.of(redis));
            for (int from = 0; from < all.size(); from += 500) {
                cache.invalidate(all.subList(from, Math.min(all.size(), from + 500)));
            }
        }
    }

    private static void write(DynamoDbClient dynamoDb, String table, List<WriteRequest> writes) {
        for (int from = 0; from < writes.size(); from += 25) {
            var chunk = writes.subList(from, Math.min(writes.size(), from + 25));
            Map<String, List<WriteRequest>> pending = Map.of(table, List.copyOf(chunk));
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> batch = pending;
                var response = dynamoDb.batchWriteItem(r -> r.requestItems(batch));
                pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
            }
        }
        writes.clear();
    }

    private static Histogram measure(HttpClient http, String baseUrl, List<String> paths, int queries)
            throws Exception {
        var histogram = new Histogram(3);
        int requests = Math.max(queries, paths.size());
        for (int i = 0; i < requests; i++) {
            var request = HttpRequest.newBuilder(URI.create(baseUrl + paths.get(i % paths.size()))).GET().build();
            long start = System.nanoTime();
            var response = http.send(request, HttpResponse.BodyHandlers.discarding());
            histogram.recordValue((System.nanoTime() - start) / 1000);
            if (response.statusCode() != 200) {
                throw new IllegalStateException(paths.get(i % paths.size()) + " answered " + response.statusCode());
            }
        }
        return histogram;
    }

    private static Row row(BenchReport report, String what, Histogram histogram) {
        var row = new Row(what, histogram.getValueAtPercentile(50) / 1000.0,
                histogram.getValueAtPercentile(99) / 1000.0);
        report.line(String.format("| %s | %.1f | %.1f |", what, row.p50Millis(), row.p99Millis()));
        return row;
    }
}
