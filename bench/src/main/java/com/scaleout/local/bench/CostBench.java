package com.scaleout.local.bench;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.LocalRuntime;
import com.scaleout.local.cost.CollectedInvocations;
import com.scaleout.local.cost.Meters;
import java.nio.file.Path;
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
    /** No consumer invocation for this long after a request: its stream work is done. */
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
        System.out.println("updated BENCHMARKS.md (cost block)");
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
            settle(collected);
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
                    settle(collected);
                    client.send(call);
                    var during = collected.drain();
                    var after = settle(collected);
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

    /** Waits until no invocation has ended for {@link #QUIET_MILLIS}; returns the invocations that did meanwhile. */
    private static List<Meters.Invocation> settle(CollectedInvocations collected) throws InterruptedException {
        var ended = new ArrayList<Meters.Invocation>();
        long deadline = System.currentTimeMillis() + SETTLE_LIMIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            Thread.sleep(QUIET_MILLIS);
            var batch = collected.drain();
            if (batch.isEmpty()) {
                break;
            }
            ended.addAll(batch);
        }
        return ended;
    }
}
