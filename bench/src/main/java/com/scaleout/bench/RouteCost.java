package com.scaleout.bench;

import com.scaleout.bench.capacity.KeyPatterns;
import com.scaleout.bench.capacity.PartitionUnits;
import com.scaleout.bench.capacity.RouteDemand;
import com.scaleout.bench.cost.AwsPrices;
import com.scaleout.bench.cost.InvocationMeter.Reading;
import com.scaleout.bench.cost.Meters;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.Charges;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One route's cost: its function's invocation (the meter's reading and its duration), the authorizer invocations
 * it needed (API Gateway caches the answers, so warm calls usually need none), and the stream consumers' invocations
 * the request caused afterwards, by function.
 *
 * @param request     the route function's reading
 * @param millis      the route function's duration, the meter's own side reads excluded (median of the calls)
 * @param authorizers authorizer invocations during the request
 * @param async       stream consumer invocations the request caused, by function
 * @param asyncMillis their durations, summed by function
 * @param asyncWork   their readings, summed
 * @param requestCost dollars of one request: API Gateway, Lambda (route function and authorizers), its work
 * @param asyncCost   dollars of the stream consumers' invocations it caused (each batch here holds one write's records)
 */
record RouteCost(RouteSpec route, int memoryMb, Reading request, double millis, int authorizers,
                 Map<String, Integer> async, Map<String, Double> asyncMillis, Reading asyncWork, double requestCost,
                 double asyncCost) {

    /** One measured call. */
    record Sample(Reading request, int memoryMb, double millis, int authorizers, Map<String, Integer> async,
                  Map<String, Double> asyncMillis, Reading asyncWork, double requestCost, double asyncCost) {

        static Sample of(RouteSpec route, List<Meters.Invocation> during, List<Meters.Invocation> after,
                         Set<String> consumers) {
            var own = during.stream().filter(i -> i.function().equals(route.function())).toList();
            if (own.size() != 1) {
                throw new IllegalStateException(route.routeKey() + ": expected one invocation of "
                        + route.function() + ", saw " + own.size());
            }
            var invocation = own.getFirst();
            var authorizers = during.stream().filter(i -> !i.function().equals(route.function())
                    && !consumers.contains(i.function())).toList();
            var caused = new ArrayList<Meters.Invocation>(after);
            during.stream().filter(i -> consumers.contains(i.function())).forEach(caused::add);
            var byFunction = new TreeMap<String, Integer>();
            var millisByFunction = new TreeMap<String, Double>();
            caused.forEach(i -> {
                byFunction.merge(i.function(), 1, Integer::sum);
                millisByFunction.merge(i.function(), i.durationMillis(), Double::sum);
            });
            double requestCost = AwsPrices.HTTP_API_REQUEST + AwsPrices.invocation(invocation)
                    + authorizers.stream().mapToDouble(AwsPrices::invocation).sum();
            double asyncCost = caused.stream().mapToDouble(AwsPrices::invocation).sum();
            return new Sample(invocation.reading(), invocation.memoryMb(), invocation.durationMillis(),
                    authorizers.size(), byFunction, millisByFunction, sum(caused.stream().map(Meters.Invocation::reading).toList()),
                    requestCost, asyncCost);
        }
    }

    /** The call of median total cost, with the median duration of all calls. */
    static RouteCost median(RouteSpec route, List<Sample> samples) {
        var byCost = new ArrayList<>(samples);
        byCost.sort(Comparator.comparingDouble(s -> s.requestCost() + s.asyncCost()));
        Sample middle = byCost.get(byCost.size() / 2);
        double millis = BenchReport.median(samples.stream().map(Sample::millis).toList());
        return new RouteCost(route, middle.memoryMb(), middle.request(), millis, middle.authorizers(), middle.async(),
                middle.asyncMillis(), middle.asyncWork(), middle.requestCost(), middle.asyncCost());
    }

    /** The route's demand for the capacity model: its units by partition (as key patterns), ECPUs, time, dollars. */
    RouteDemand demand() {
        var partitions = new ArrayList<PartitionUnits>();
        request.byPartition().forEach((partition, units) -> partitions.add(units(partition, units, false)));
        asyncWork.byPartition().forEach((partition, units) -> partitions.add(units(partition, units, true)));
        partitions.sort(Comparator.comparing(PartitionUnits::async).thenComparing(PartitionUnits::resource)
                .thenComparing(PartitionUnits::key));
        return new RouteDemand(route.routeKey(), route.function(), memoryMb, millis, partitions, request.ecpus(),
                asyncWork.ecpus(), request.s3Calls(), asyncMillis, requestCost, asyncCost);
    }

    private static PartitionUnits units(Charges.Partition partition, CapacityCalculator.Units units, boolean async) {
        return new PartitionUnits(partition.table(), partition.index(), KeyPatterns.of(partition.key()), units.read(),
                units.write(), async);
    }

    static Reading sum(List<Reading> readings) {
        var calls = new HashMap<String, Integer>();
        var s3 = new HashMap<String, Integer>();
        var byPartition = new HashMap<Charges.Partition, CapacityCalculator.Units>();
        int commands = 0;
        int trips = 0;
        long ecpus = 0;
        double metering = 0;
        for (Reading reading : readings) {
            reading.dynamoDbCalls().forEach((operation, n) -> calls.merge(operation, n, Integer::sum));
            reading.s3Calls().forEach((operation, n) -> s3.merge(operation, n, Integer::sum));
            reading.byPartition().forEach((partition, units) -> byPartition.merge(partition, units, Reading::plus));
            commands += reading.redisCommands();
            trips += reading.redisRoundTrips();
            ecpus += reading.ecpus();
            metering += reading.meteringMillis();
        }
        return new Reading(Map.copyOf(calls), Map.copyOf(s3), Map.copyOf(byPartition), commands, trips, ecpus, metering);
    }
}
