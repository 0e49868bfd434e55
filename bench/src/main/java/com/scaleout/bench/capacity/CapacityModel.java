package com.scaleout.bench.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a traffic mix at a rate asks of each ceiling of the stack, from the cost bench's per-route demand: the
 * account's API Gateway throttle, each route's throttle, Lambda's account concurrency (route functions and the stream
 * consumers' work they cause), each table's and index's on-demand throughput, the partitions every request of a
 * kind shares ({@link KeySpread#shared}), a viral mix's one entity's partitions, and the cache's ECPU/s. Steady
 * state only: bursts, cold starts and the new-table ramp are what the scaled runs meet (docs/capacity.md).
 */
public final class CapacityModel {
    /** A month as AWS prices it: 730 hours. */
    public static final double SECONDS_PER_MONTH = 730 * 3600;
    /** A partition serves 3,000 read or 1,000 write units a second, or a linear combination: 3 reads = 1 write. */
    private static final double READS_PER_WRITE_UNIT = 3;

    private final CostProfile profile;
    private final AwsCeilings ceilings;

    public CapacityModel(CostProfile profile, AwsCeilings ceilings) {
        this.profile = profile;
        this.ceilings = ceilings;
    }

    /** The mix's routes' demand, with each route's share; a route the profile lacks is refused by name. */
    private Map<RouteDemand, Double> demand(TrafficMix mix) {
        var demand = new LinkedHashMap<RouteDemand, Double>();
        mix.weights().forEach((route, share) -> demand.put(profile.route(route).orElseThrow(() ->
                new IllegalArgumentException("the cost profile has no " + route + " (./scaleout bench cost)")), share));
        return demand;
    }

    /** Every ceiling the mix touches, the first to break first. */
    public List<ResourceLoad> loads(TrafficMix mix) {
        var demand = demand(mix);
        var aws = ceilings.aws();
        var loads = new ArrayList<ResourceLoad>();
        loads.add(new ResourceLoad("API Gateway: the account's throttle", "requests", 1, aws.gatewayRate(),
                "a Service Quotas request (per account and region)"));
        demand.forEach((route, share) -> loads.add(new ResourceLoad("API Gateway: the route throttle of `"
                + route.route() + "`", "requests", share, ceilings.routeRate(route.route()),
                ceilings.ownThrottle(route.route()) ? "its RouteThrottleSpec in the declaration"
                        : "the stage's default route throttle (the CDK app's HTTP API stage)")));
        loads.add(new ResourceLoad("Lambda: the account's concurrency", "concurrent executions",
                demand.entrySet().stream().mapToDouble(e -> e.getValue() * executionSeconds(e.getKey())).sum(),
                aws.lambdaConcurrency(), "a Service Quotas request; provisioned concurrency for the cold starts"));
        loads.addAll(tables(demand));
        loads.addAll(sharedPartitions(demand));
        loads.addAll(entityPartitions(mix, demand));
        loads.add(new ResourceLoad("ElastiCache: the cache's ECPU/s maximum", "ECPUs", demand.entrySet().stream()
                .mapToDouble(e -> e.getValue() * (e.getKey().ecpus() + e.getKey().asyncEcpus())).sum(),
                ceilings.cacheEcpuPerSecond(), "-c cacheMaxEcpuPerSecond=N (up to 15,000,000)"));
        loads.removeIf(load -> load.perRequest() <= 0);
        loads.sort(Comparator.comparingDouble(ResourceLoad::breaksAt));
        return loads;
    }

    /** The first ceiling the mix reaches as its rate grows. */
    public ResourceLoad firstToBreak(TrafficMix mix) {
        return loads(mix).getFirst();
    }

    /** Lambda executions running at once at {@code requestsPerSecond}. */
    public double concurrency(TrafficMix mix, double requestsPerSecond) {
        return requestsPerSecond * demand(mix).entrySet().stream()
                .mapToDouble(e -> e.getValue() * executionSeconds(e.getKey())).sum();
    }

    /** Dollars a month at {@code requestsPerSecond} (per request: storage, logs and transfer are not counted). */
    public double monthlyDollars(TrafficMix mix, double requestsPerSecond) {
        return requestsPerSecond * SECONDS_PER_MONTH * demand(mix).entrySet().stream()
                .mapToDouble(e -> e.getValue() * (e.getKey().dollars() + e.getKey().asyncDollars())).sum();
    }

    private static double executionSeconds(RouteDemand route) {
        return (route.millis() + route.asyncMillis().values().stream().mapToDouble(Double::doubleValue).sum()) / 1000;
    }

    /** Each table's and index's on-demand throughput, reads and writes apart. */
    private List<ResourceLoad> tables(Map<RouteDemand, Double> demand) {
        var reads = new LinkedHashMap<String, Double>();
        var writes = new LinkedHashMap<String, Double>();
        demand.forEach((route, share) -> route.partitions().forEach(units -> {
            reads.merge(units.resource(), share * units.read(), Double::sum);
            writes.merge(units.resource(), share * units.write(), Double::sum);
        }));
        var aws = ceilings.aws();
        String raise = "a Service Quotas request (table-level throughput), or provisioned capacity "
                + "(-c capacity=provisioned)";
        var loads = new ArrayList<ResourceLoad>();
        reads.forEach((resource, units) -> loads.add(new ResourceLoad("DynamoDB: `" + resource + "` reads",
                "read units", units, aws.tableReadUnits(), raise)));
        writes.forEach((resource, units) -> loads.add(new ResourceLoad("DynamoDB: `" + resource + "` writes",
                "write units", units, aws.tableWriteUnits(), raise)));
        return loads;
    }

    /** The keys every request of a kind shares, each shard's load as write-unit equivalents. */
    private List<ResourceLoad> sharedPartitions(Map<RouteDemand, Double> demand) {
        var byKey = new LinkedHashMap<String, Double>();
        demand.forEach((route, share) -> route.partitions().stream()
                .filter(units -> units.keyed() && KeySpread.shared(units.table(), units.key()))
                .forEach(units -> byKey.merge("`" + units.resource() + "` key `" + units.key() + "`",
                        share * equivalentWrites(units) / KeySpread.shards(units.table(), units.key()), Double::sum)));
        var loads = new ArrayList<ResourceLoad>();
        byKey.forEach((key, perRequest) -> loads.add(partition("DynamoDB: one shard of " + key + " (shared by every "
                + "request)", perRequest, "more shards (a read queries them all)")));
        return loads;
    }

    /**
     * A viral mix's one entity ({@link TrafficMix#hot}): the partitions of its keys, each taking its share of
     * every request, spread over the key's shards.
     */
    private List<ResourceLoad> entityPartitions(TrafficMix mix, Map<RouteDemand, Double> demand) {
        var loads = new ArrayList<ResourceLoad>();
        demand.forEach((route, share) -> route.partitions().stream()
                .filter(units -> units.keyed() && mix.hot(units))
                .forEach(units -> loads.add(partition("DynamoDB: one shard of the entity's `" + units.resource()
                        + "` key `" + units.key() + "`" + (units.async() ? " (stream consumer)" : ""),
                        share * equivalentWrites(units) / KeySpread.shards(units.table(), units.key()),
                        units.write() > 0 ? "more shards of the key (write sharding)"
                                : "a cache in front of the item, which is only read (DAX, or Redis as the timeline's "
                                + "bodies)"))));
        return loads;
    }

    private ResourceLoad partition(String resource, double perRequest, String raise) {
        return new ResourceLoad(resource, "write-unit equivalents", perRequest,
                ceilings.aws().partitionWriteUnits(), raise + "; a partition's 1,000 write / 3,000 read units are "
                + "not raised by any quota");
    }

    /** A partition's load in write units: 3,000 read units take its second as 1,000 write units do. */
    static double equivalentWrites(PartitionUnits units) {
        return units.write() + units.read() / READS_PER_WRITE_UNIT;
    }
}
