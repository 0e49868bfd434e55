package com.scaleout.bench;

import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.MotoClients;
import com.scaleout.local.backends.MotoServer;
import com.scaleout.local.backends.Probes;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code ./scaleout bench moto [sizes]}: moto_server's CPU per operation (PutItem, GetItem, a table Query and an index
 * Query of 20 items, a 2-item TransactWriteItems, a 100-record GetRecords) on a table of 0, 10,000 and 100,000 items
 * (a Tweets-like table: 10 items per partition, an index of 100 per partition, a NEW_AND_OLD_IMAGES stream), moto as
 * released against moto with the project's patch layer, both measured in the same run. CPU is the moto process's
 * own (user + system time from /proc), so the client's and the machine's other work do not count; each figure is the
 * CPU of a run of the operation divided by its count (up to {@link #OPERATIONS} each, fewer when one run has used
 * {@link #BUDGET} of wall time).
 */
final class MotoBench {
    static final int OPERATIONS = 100;
    static final Duration BUDGET = Duration.ofSeconds(20);
    private static final String TABLE = "Tweets";
    private static final List<String> OPS = List.of("PutItem", "GetItem", "Query (table, 20)", "Query (index, 20)",
            "TransactWriteItems (2)", "GetRecords (100)");
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private MotoBench() {
    }

    static void run(List<Integer> sizes) throws Exception {
        var report = new BenchReport("moto", "./scaleout bench moto " + String.join(",",
                sizes.stream().map(String::valueOf).toList()));
        Path dataDir = Path.of(".scaleout", "bench-moto");
        var results = new LinkedHashMap<MotoServer.Variant, Map<Integer, Map<String, Double>>>();
        for (var variant : MotoServer.Variant.values()) {
            int port = Probes.freePort();
            try (ManagedProcess moto = MotoServer.start(variant, port, dataDir);
                 var client = MotoClients.direct(port, c -> c.apiCallTimeout(Duration.ofMinutes(10))
                         .apiCallAttemptTimeout(Duration.ofMinutes(10)))) {
                var bySize = new LinkedHashMap<Integer, Map<String, Double>>();
                for (int size : sizes) {
                    System.out.printf("%s moto, %,d items: filling ...%n", variant.name().toLowerCase(), size);
                    reset(port);
                    createTable(client.dynamoDb());
                    fill(client.dynamoDb(), size);
                    bySize.put(size, measure(moto.pid(), client, size));
                    System.out.printf("  %s%n", bySize.get(size));
                }
                results.put(variant, bySize);
            }
        }
        report.line("moto_server CPU per operation (ms, the moto process's user + system time), as released and "
                + "with the patch layer, by table size:");
        report.line("");
        report.line("| operation | items | as released | patched | as released / patched |");
        report.line("|---|---:|---:|---:|---:|");
        for (String op : OPS) {
            for (int size : sizes) {
                double before = results.get(MotoServer.Variant.UNPATCHED).get(size).get(op);
                double after = results.get(MotoServer.Variant.PATCHED).get(size).get(op);
                report.line(String.format("| %s | %,d | %.2f | %.2f | %s |", op, size, before, after,
                        after > 0 ? String.format("%.1f×", before / after) : "—"));
            }
        }
        report.line("");
        report.line("Growth from the smallest to the largest table, patched: " + growth(results
                .get(MotoServer.Variant.PATCHED), sizes) + "; as released: " + growth(results
                .get(MotoServer.Variant.UNPATCHED), sizes) + ".");
        report.save();
        BenchmarksBlock.named("moto").updateIn(Path.of("BENCHMARKS.md"), String.join("\n",
                report.lines().subList(0, report.lines().size())));
    }

    private static String growth(Map<Integer, Map<String, Double>> bySize, List<Integer> sizes) {
        var first = bySize.get(sizes.getFirst());
        var last = bySize.get(sizes.getLast());
        var parts = new ArrayList<String>();
        for (String op : OPS) {
            double from = Math.max(first.get(op), 0.01);
            parts.add(String.format("%s %.1f×", op, last.get(op) / from));
        }
        return String.join(", ", parts);
    }

    private static void reset(int port) throws IOException, InterruptedException {
        var http = java.net.http.HttpClient.newHttpClient();
        http.send(java.net.http.HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/moto-api/reset"))
                .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
    }

    private static void createTable(DynamoDbClient dynamoDb) {
        dynamoDb.createTable(r -> r.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("tag").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("byTag")
                        .keySchema(k -> k.attributeName("tag").keyType(KeyType.HASH),
                                k -> k.attributeName("sk").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    }

    private static Map<String, AttributeValue> item(int i) {
        return Map.of("pk", AttributeValue.fromS("user" + i / 10), "sk", AttributeValue.fromS(String.format("%09d", i)),
                "tag", AttributeValue.fromS("tag" + i / 100),
                "text", AttributeValue.fromS("a tweet of about a hundred characters, like most of them are, #tag" + i));
    }

    private static void fill(DynamoDbClient dynamoDb, int size) {
        var batch = new ArrayList<WriteRequest>();
        for (int i = 0; i < size; i++) {
            var it = item(i);
            batch.add(WriteRequest.builder().putRequest(p -> p.item(it)).build());
            if (batch.size() == 25 || i == size - 1) {
                var requests = List.copyOf(batch);
                dynamoDb.batchWriteItem(r -> r.requestItems(Map.of(TABLE, requests)));
                batch.clear();
            }
            if (i > 0 && i % 20_000 == 0) {
                System.out.printf("  %,d items%n", i);
            }
        }
    }

    private static Map<String, Double> measure(long pid, MotoClients client, int size) throws IOException {
        var db = client.dynamoDb();
        int base = size + 1_000_000;
        int partitions = Math.max(1, size / 10);
        var perOp = new LinkedHashMap<String, Double>();
        perOp.put("PutItem", cpuPerOp(pid, i -> db.putItem(r -> r.tableName(TABLE).item(item(base + i)))));
        perOp.put("GetItem", cpuPerOp(pid, i -> db.getItem(r -> r.tableName(TABLE).key(Map.of(
                "pk", AttributeValue.fromS("user" + (i % partitions)),
                "sk", AttributeValue.fromS(String.format("%09d", (i % partitions) * 10)))))));
        perOp.put("Query (table, 20)", cpuPerOp(pid, i -> db.query(r -> r.tableName(TABLE)
                .keyConditionExpression("pk = :p").limit(20).scanIndexForward(false)
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("user" + (i % partitions)))))));
        perOp.put("Query (index, 20)", cpuPerOp(pid, i -> db.query(r -> r.tableName(TABLE).indexName("byTag")
                .keyConditionExpression("tag = :t").limit(20).scanIndexForward(false)
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("tag" + (i % Math.max(1,
                        size / 100))))))));
        perOp.put("TransactWriteItems (2)", cpuPerOp(pid, i -> db.transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item(base + 500_000 + i))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(Map.of("pk", AttributeValue.fromS(
                        "counter"), "sk", AttributeValue.fromS("c"))).updateExpression("ADD n :one")
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).build()))));
        String arn = db.describeTable(r -> r.tableName(TABLE)).table().latestStreamArn();
        String shard = client.streams().describeStream(r -> r.streamArn(arn)).streamDescription().shards()
                .getFirst().shardId();
        perOp.put("GetRecords (100)", cpuPerOp(pid, i -> {
            String iterator = client.streams().getShardIterator(r -> r.streamArn(arn).shardId(shard)
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            client.streams().getRecords(r -> r.shardIterator(iterator).limit(100));
        }));
        return perOp;
    }

    /** The moto process's CPU (ms) per call of {@code operation}, over up to OPERATIONS calls within BUDGET. */
    private static double cpuPerOp(long pid, IntConsumer operation) throws IOException {
        operation.accept(-1); // warm: first-use work (an index built, a code path loaded) is not the steady cost
        long before = cpuTicks(pid);
        long started = System.nanoTime();
        int n = 0;
        while (n < OPERATIONS && (n == 0 || System.nanoTime() - started < BUDGET.toNanos())) {
            operation.accept(n);
            n++;
        }
        return (cpuTicks(pid) - before) * 1000.0 / TICKS_PER_SECOND / n;
    }

    /** utime + stime of the process, in clock ticks (fields 14 and 15 of /proc/PID/stat). */
    static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
