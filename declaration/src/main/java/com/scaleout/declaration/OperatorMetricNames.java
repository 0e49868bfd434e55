package com.scaleout.declaration;

/**
 * The metrics the functions write as CloudWatch Embedded Metric Format lines, and the CDK app's alarms and
 * dashboard read: one namespace, one dimension (the function's name), the names below.
 */
public final class OperatorMetricNames {
    public static final String NAMESPACE = "Scaleout";
    public static final String DIMENSION = "FunctionName";

    /** How long the fanout took to write one batch of tweets into the followers' timelines (ms). */
    public static final String FANOUT_DURATION = "FanoutDuration";
    /** Timeline reads answered from the cache, and those that had to read DynamoDB: their ratio is the hit ratio. */
    public static final String TIMELINE_CACHE_HITS = "TimelineCacheHits";
    public static final String TIMELINE_CACHE_MISSES = "TimelineCacheMisses";
    /** Records an import push, batch or RJMetrics upload accepted. */
    public static final String IMPORT_RECORDS_ACCEPTED = "ImportRecordsAccepted";
    /** Stream batches a consumer failed, in part or whole (retried from the failed record). */
    public static final String STREAM_CONSUMER_FAILURES = "StreamConsumerFailures";

    /**
     * Posts to WebSocket connections that failed for another reason than the connection being gone (a gone one is
     * cleaned up, not a failure): throttled, refused or timed out; written by each function that pushes.
     */
    public static final String LIVE_PUSH_FAILURES = "LivePushFailures";

    private OperatorMetricNames() {
    }
}
