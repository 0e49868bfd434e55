package com.scaleout.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.sync.RedisCommands;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Fanout rate: one tweet by an author with N followers (default 100,000) through the real FanoutService (follower
 * set from Redis, count from DynamoDB, pipelined ZADD + trim per timeline), as timeline inserts per second,
 * against {@code redis-benchmark -P 16 -t zadd} on the same redis-server in the same run.
 */
final class FanoutBench {
    static final int RUNS = 5;
    private static final int WARM_UPS = 3;

    private FanoutBench() {
    }

    /** Medians: timeline inserts/s of the fanouts, ZADD/s of redis-benchmark. */
    record Summary(int followers, double insertsPerSecond, double zaddPerSecond, int failedRuns) {
    }

    static void run(int followers) throws Exception {
        var report = new BenchReport("fanout", "./scaleout bench fanout " + followers);
        measure(report, followers);
        report.save();
    }

    static Summary measure(BenchReport report, int followers) throws Exception {
        System.setProperty(Settings.FANOUT_MAX_FOLLOWERS.name(), String.valueOf(Integer.MAX_VALUE)); // fan out to everyone
        try (var runtime = LocalRuntime.start(ScaleoutDeclaration.declaration(),
                LocalConfig.fromEnvironment().withPort(0))) {
            String author = UlidCreator.getMonotonicUlid().toString();
            runtime.dynamoDb().putItem(r -> r.tableName("Users").item(Map.of("id", AttributeValue.fromS(author),
                    "username", AttributeValue.fromS("bench_star"),
                    "followers", AttributeValue.fromN(String.valueOf(followers)))));
            var ids = new ArrayList<String>();
            for (int i = 0; i < followers; i++) {
                ids.add(UlidCreator.getMonotonicUlid().toString());
            }
            URI redisUri = URI.create(runtime.backends().redisUrl());
            var client = RedisClient.create(runtime.backends().redisUrl());
            try (var redis = client.connect()) {
                redis.sync().sadd("followers:{" + author + "}", "!");
                for (int from = 0; from < ids.size(); from += 5000) {
                    redis.sync().sadd("followers:{" + author + "}",
                            ids.subList(from, Math.min(ids.size(), from + 5000)).toArray(String[]::new));
                }
                report.line("Author with " + followers + " followers (follower set in Redis, count in DynamoDB).");
                report.line("");
                var fanout = SocialComponents.create().fanout();
                var sync = redis.sync();
                // warm-up (classes, connections, JIT): a cold first fanout may time out on a loaded machine
                for (int attempt = 1; attempt <= WARM_UPS; attempt++) {
                    if (reachedEveryone(sync, ids, () -> tweetBy(author, fanout))) {
                        break;
                    }
                    System.out.println("  warm-up fanout " + attempt + " did not reach every follower");
                }
                var rates = new ArrayList<Double>();
                int failed = 0;
                for (int run = 1; run <= RUNS; run++) {
                    long start = System.nanoTime();
                    boolean reached = reachedEveryone(sync, ids, () -> tweetBy(author, fanout));
                    double seconds = (System.nanoTime() - start) / 1e9;
                    if (!reached) {
                        failed++;
                        report.line(String.format("- run %d: failed after %.2f s (see above; not counted)", run,
                                seconds));
                        continue;
                    }
                    double rate = (followers + 1) / seconds;
                    rates.add(rate);
                    report.line(String.format("- run %d: %.2f s, %.0f timeline inserts/s", run, seconds, rate));
                }
                if (rates.isEmpty()) {
                    throw new IllegalStateException("every fanout failed (see above)");
                }
                var ceilings = new ArrayList<Double>();
                for (int run = 1; run <= 3; run++) {
                    ceilings.add(redisBenchmarkZadd(redisUri));
                }
                double rate = BenchReport.median(rates);
                double ceiling = BenchReport.median(ceilings);
                report.line("");
                report.line(String.format("| measure | median |%n|---|---|%n| fanout, timeline inserts/s (each a "
                        + "ZADD and a ZREMRANGEBYRANK) | %.0f |%n| redis-benchmark -P 16 -t zadd, ZADD/s (3 runs) | "
                        + "%.0f |%n| ratio fanout / ZADD ceiling | %.2f |%n| ratio in commands (2 per insert) | %.2f |",
                        rate, ceiling, rate / ceiling, 2 * rate / ceiling));
                if (failed > 0) {
                    report.line("");
                    report.line(failed + " of " + RUNS + " fanouts failed: the medians are of the others.");
                }
                redis.sync().flushall();
                return new Summary(followers, rate, ceiling, failed);
            } finally {
                client.shutdown();
            }
        }
    }

    /**
     * Runs a fanout and says whether it reached the first and the last follower's timeline. It may not: when the
     * follower set cannot be read from Redis in time (the cache's command timeout, on a loaded machine), the service
     * falls back to DynamoDB, where the benchmark wrote no follow edges, and "succeeds" at once with no one to
     * reach: such a run must not count as a fast one. A Redis timeout during the inserts fails it too.
     */
    private static boolean reachedEveryone(RedisCommands<String, String> redis, List<String> followers,
                                           Runnable fanout) {
        var probes = List.of("timeline:{" + followers.getFirst() + "}", "timeline:{" + followers.getLast() + "}");
        long before = probes.stream().mapToLong(redis::zcard).sum();
        try {
            fanout.run();
        } catch (RuntimeException e) {
            System.out.println("  fanout failed: " + e);
            return false;
        }
        return probes.stream().mapToLong(redis::zcard).sum() == before + probes.size();
    }

    private static void tweetBy(String author, com.scaleout.functions.social.application.FanoutService fanout) {
        String id = UlidCreator.getMonotonicUlid().toString();
        fanout.tweetCreated(new Tweet(id, author, "bench_star", "benchmark tweet", "2026-11-29T00:00:00.000Z",
                Optional.empty(), List.of(), List.of(), 0, 0));
    }

    /** ZADD requests per second that redis-benchmark reaches with 16-deep pipelining on the same server. */
    private static double redisBenchmarkZadd(URI redis) throws Exception {
        var process = new ProcessBuilder("redis-benchmark", "-h", redis.getHost(), "-p",
                String.valueOf(redis.getPort()), "-P", "16", "-n", "1000000", "-t", "zadd", "--csv")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        for (String line : output.split("\n")) {
            if (line.startsWith("\"ZADD\"")) {
                return Double.parseDouble(line.split(",")[1].replace("\"", ""));
            }
        }
        throw new IllegalStateException("no ZADD figure from redis-benchmark: " + output);
    }
}
