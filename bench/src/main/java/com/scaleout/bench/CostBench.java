package com.scaleout.bench;

import com.scaleout.bench.capacity.CostProfile;
import com.scaleout.bench.cost.CollectedInvocations;
import com.scaleout.bench.cost.Meters;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ./scaleout bench cost [calls]}: what each declared route asks of DynamoDB, Redis and S3 and what it would cost
 * on AWS. A local runtime on fresh backends meters every invocation ({@link Meters}, capacity units on); a small world
 * is built through the public API and the streams settle; then each route's common good case is called once to warm
 * it and {@code calls} times measured, one request at a time, the streams settling after each so that the stream
 * consumers' invocations it caused (fanout, indexers, change log) are attributed to it. The median of each figure
 * goes to a table ({@link CostTable}) on stdout, in bench/target/bench/cost.md and in BENCHMARKS.md's cost block.
 */
final class CostBench {
    private static final String ADMIN_KEY = "cost-bench-admin-key";
    /**
     * No consumer invocation for this long after a request (and beyond the batching window of a consumer of a table
     * it or its consumers wrote: a fold waits that long for more records): its stream work is done.
     */
    private static final long QUIET_MILLIS = 800;
    private static final long SETTLE_LIMIT_MILLIS = 30_000;

    private CostBench() {
    }

    static void run(int calls) throws Exception {
        var report = new BenchReport("cost", "./scaleout bench cost " + calls);
        var table = measure(calls);
        table.lines().forEach(report::line);
        report.save();
        BenchmarksBlock.named("cost").updateIn(Path.of("BENCHMARKS.md"), String.join("\n", table.lines()));
        new CostProfile(LocalDate.now().toString(), "./scaleout bench cost " + calls,
                table.routes().stream().map(RouteCost::demand).toList()).write(CostProfile.COMMITTED);
        System.out.println("updated BENCHMARKS.md (cost block) and " + CostProfile.COMMITTED
                + " (the capacity model's input: ./scaleout capacity)");
    }

    static CostTable measure(int calls) throws Exception {
        System.setProperty(Meters.CAPACITY_PROPERTY, "true");
        System.setProperty(AdminKey.VARIABLE, ADMIN_KEY);
        Declaration declaration = ScaleoutDeclaration.declaration();
        Set<String> consumers = declaration.streamConsumers().stream().map(StreamConsumerSpec::function)
                .collect(Collectors.toSet());
        try (var runtime = LocalRuntime.start(declaration, LocalConfig.fromEnvironment().withPort(0));
             var collected = CollectedInvocations.start()) {
            var client = new BenchClient(runtime.url());
            var world = new CostWorld(client, ADMIN_KEY);
            world.build();
            settle(collected, QUIET_MILLIS);
            var cases = world.cases();
            var routes = new ArrayList<RouteCost>();
            for (RouteSpec route : ordered(declaration.routes(), cases.keySet())) {
                var worldCase = cases.get(route.routeKey());
                if (worldCase == null) {
                    throw new IllegalStateException("no cost case for " + route.routeKey());
                }
                var samples = new ArrayList<RouteCost.Sample>();
                for (int i = 0; i <= calls; i++) {
                    var call = worldCase.prepare();
                    settle(collected, QUIET_MILLIS);
                    client.send(call);
                    var during = collected.drain();
                    var after = settleAfter(collected, declaration, during);
                    if (i > 0) { // the first call warms the route
                        samples.add(RouteCost.Sample.of(route, during, after, consumers));
                    }
                }
                routes.add(RouteCost.median(route, samples));
                System.err.println("measured " + route.routeKey());
            }
            return new CostTable(routes, calls);
        } finally {
            System.clearProperty(Meters.CAPACITY_PROPERTY);
        }
    }

    /** The declared routes in the order of the cases (the reset, which empties the world, last). */
    private static List<RouteSpec> ordered(List<RouteSpec> routes, java.util.Collection<String> caseOrder) {
        var order = new ArrayList<>(caseOrder);
        var sorted = new ArrayList<>(routes);
        sorted.sort(java.util.Comparator.comparingInt(route -> {
            int at = order.indexOf(route.routeKey());
            return at < 0 ? Integer.MAX_VALUE : at;
        }));
        return sorted;
    }

    /**
     * The stream work a request caused: settles for longer while the invocations so far wrote a table whose consumer
     * gathers records for a batching window (the review and count folds, the warehouse loader), until that long
     * passes with none.
     */
    private static List<Meters.Invocation> settleAfter(CollectedInvocations collected, Declaration declaration,
                                                       List<Meters.Invocation> during) throws InterruptedException {
        var written = writtenTables(during);
        var ended = new ArrayList<Meters.Invocation>();
        long quiet = quietAfterWriting(declaration, written);
        while (true) {
            var batch = settle(collected, quiet);
            ended.addAll(batch);
            written.addAll(writtenTables(batch));
            long longer = quietAfterWriting(declaration, written);
            if (longer <= quiet) {
                return ended;
            }
            quiet = longer;
        }
    }

    static long quietAfterWriting(Declaration declaration, Set<String> tables) {
        return QUIET_MILLIS + 1000L * declaration.streamConsumers().stream()
                .filter(consumer -> tables.contains(consumer.table()))
                .mapToInt(StreamConsumerSpec::batchingWindowSeconds).max().orElse(0);
    }

    private static Set<String> writtenTables(List<Meters.Invocation> invocations) {
        return invocations.stream().flatMap(i -> i.reading().byPartition().entrySet().stream())
                .filter(entry -> entry.getValue().write() > 0).map(entry -> entry.getKey().table())
                .collect(Collectors.toCollection(java.util.HashSet::new));
    }

    /** Waits until no invocation has ended for {@code quietMillis}; returns the invocations that did meanwhile. */
    private static List<Meters.Invocation> settle(CollectedInvocations collected, long quietMillis)
            throws InterruptedException {
        var ended = new ArrayList<Meters.Invocation>();
        long deadline = System.currentTimeMillis() + SETTLE_LIMIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            Thread.sleep(quietMillis);
            var batch = collected.drain();
            if (batch.isEmpty()) {
                break;
            }
            ended.addAll(batch);
        }
        return ended;
    }
}
