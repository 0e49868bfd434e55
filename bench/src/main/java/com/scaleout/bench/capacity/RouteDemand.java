package com.scaleout.bench.capacity;

import java.util.List;
import java.util.Map;

/**
 * What one request of a route asks of AWS, as the cost bench measured it ({@code ./scaleout bench cost}): the
 * capacity model's input.
 *
 * @param millis       the route function's warm duration here (moto is slower than DynamoDB: an upper bound)
 * @param partitions   DynamoDB units by partition, the stream consumers' among them
 * @param ecpus        ElastiCache ECPUs of the route function's commands
 * @param asyncEcpus   those of the stream consumers it caused
 * @param s3Calls      S3 calls by operation
 * @param asyncMillis  the stream consumers' invocation time it caused, by function (each write's records in a batch
 *                     of their own here; batches share invocations on AWS: an upper bound)
 * @param dollars      one request's AWS cost: HTTP API, Lambda, DynamoDB, ElastiCache, S3
 * @param asyncDollars the stream consumers' cost it caused
 */
public record RouteDemand(String route, String function, int memoryMb, double millis, List<PartitionUnits> partitions,
                          long ecpus, long asyncEcpus, Map<String, Integer> s3Calls, Map<String, Double> asyncMillis,
                          double dollars, double asyncDollars) {
    public RouteDemand {
        partitions = List.copyOf(partitions);
        s3Calls = Map.copyOf(s3Calls);
        asyncMillis = Map.copyOf(asyncMillis);
    }
}
