package com.scaleout.local.streams;

import com.scaleout.admin.cloudwatch.CloudWatchConsumerLag;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import java.time.Duration;
import java.time.Instant;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.MetricDatum;
import software.amazon.awssdk.services.cloudwatch.model.StandardUnit;

/**
 * What Lambda publishes for a stream-triggered function at each invocation, and the admin status page reads:
 * {@code AWS/Lambda IteratorAge} (milliseconds from the newest record's creation to the batch's delivery) by
 * {@code FunctionName}. Best effort, as the metric is to the consumers: one that is not published costs the status
 * page a figure, never the batch.
 */
public interface IteratorAge {
    /** Publishes nothing (tests of the poller alone). */
    IteratorAge NONE = (function, age, at) -> { };

    void publish(String function, Duration age, Instant at);

    /** Into CloudWatch (moto_server's, locally), with Lambda's namespace, name, dimension and unit. */
    static IteratorAge to(CloudWatchClient cloudWatch) {
        var failed = ThrottledLogs.busy(); // moto down or refusing: one warning every 10 s at most
        return (function, age, at) -> {
            try {
                cloudWatch.putMetricData(request -> request.namespace(CloudWatchConsumerLag.NAMESPACE).metricData(MetricDatum.builder()
                        .metricName(CloudWatchConsumerLag.METRIC)
                        .dimensions(Dimension.builder().name(CloudWatchConsumerLag.DIMENSION).value(function).build())
                        .timestamp(at)
                        .value((double) age.toMillis())
                        .unit(StandardUnit.MILLISECONDS)
                        .build()));
            } catch (RuntimeException e) {
                failed.warn("IteratorAge of " + function + " not published", e);
            }
        };
    }
}
