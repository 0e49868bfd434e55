package com.scaleout.admin.cloudwatch;

import com.scaleout.admin.application.ConsumerLag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.MetricStat;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;

/**
 * The consumers' lag from the metric Lambda publishes for every stream-triggered function (the local runtime's
 * stream poller publishes the same to moto): {@code AWS/Lambda IteratorAge} by {@code FunctionName}, its Maximum per
 * minute over the last {@link #WINDOW}; the newest minute with a value is the consumer's lag. One GetMetricData call.
 */
public final class CloudWatchConsumerLag implements ConsumerLag {
    public static final String NAMESPACE = "AWS/Lambda";
    public static final String METRIC = "IteratorAge";
    public static final String DIMENSION = "FunctionName";
    /** Lambda's metrics are per minute; a consumer with no batch for this long shows as not reported. */
    static final Duration WINDOW = Duration.ofMinutes(5);
    private static final int PERIOD_SECONDS = 60;

    private final CloudWatchClient cloudWatch;
    private final Map<String, String> functionNames;
    private final Clock clock;

    /** @param functionNames each consumer's deployed function name (its metrics' FunctionName), by consumer */
    public CloudWatchConsumerLag(CloudWatchClient cloudWatch, Map<String, String> functionNames, Clock clock) {
        this.cloudWatch = cloudWatch;
        this.functionNames = Map.copyOf(functionNames);
        this.clock = clock;
    }

    @Override
    public Map<String, Lag> lags() {
        var consumers = new ArrayList<>(new TreeSet<>(functionNames.keySet()));
        var lags = new LinkedHashMap<String, Lag>();
        consumers.forEach(consumer -> lags.put(consumer, Lag.NOT_REPORTED));
        if (consumers.isEmpty()) {
            return lags;
        }
        // whole minutes, as CloudWatch aggregates them
        Instant end = clock.instant().truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1));
        var response = cloudWatch.getMetricData(request -> request
                .startTime(end.minus(WINDOW).minus(Duration.ofMinutes(1)))
                .endTime(end)
                .scanBy(ScanBy.TIMESTAMP_DESCENDING)
                .metricDataQueries(queries(consumers)));
        for (MetricDataResult result : response.metricDataResults()) {
            if (!result.values().isEmpty()) {
                String consumer = consumers.get(Integer.parseInt(result.id().substring(1)));
                lags.put(consumer, new Lag(Math.round(result.values().getFirst()),
                        result.timestamps().getFirst().toString()));
            }
        }
        return lags;
    }

    /** One query per consumer, {@code c<index>}: GetMetricData's ids must start with a lower-case letter. */
    private List<MetricDataQuery> queries(List<String> consumers) {
        var queries = new ArrayList<MetricDataQuery>();
        for (int i = 0; i < consumers.size(); i++) {
            String functionName = functionNames.get(consumers.get(i));
            queries.add(MetricDataQuery.builder()
                    .id("c" + i)
                    .returnData(true)
                    .metricStat(MetricStat.builder()
                            .metric(metric -> metric.namespace(NAMESPACE).metricName(METRIC)
                                    .dimensions(Dimension.builder().name(DIMENSION).value(functionName).build()))
                            .period(PERIOD_SECONDS)
                            .stat("Maximum")
                            .build())
                    .build());
        }
        return queries;
    }
}
