package com.scaleout.admin.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import java.time.Clock;
import java.util.Map;

/**
 * {@code GET /admin/status}: how much data there is, how the cache is doing, and how far behind its stream each
 * consumer is. Item counts are DynamoDB's own (DescribeTable): exact locally, refreshed about every six hours on
 * AWS, and free of the cost of counting. An unreachable cache is reported as such, not as a failure of the status;
 * lag metrics that do not answer leave the streams out.
 */
public final class StatusService {
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();
    /** CloudWatch unreachable or refusing: the status goes out without the streams' lag. */
    private static final org.apache.logging.log4j.Logger LAG_UNKNOWN = ThrottledLogs.busy();
    public static final String COUNTS_NOTE =
            "DynamoDB's item counts: exact locally; on AWS refreshed about every six hours";

    private final TableCounts tables;
    private final CacheAdmin cache;
    private final ConsumerLag consumerLag;
    private final Clock clock;

    public StatusService(TableCounts tables, CacheAdmin cache, ConsumerLag consumerLag, Clock clock) {
        this.tables = tables;
        this.cache = cache;
        this.consumerLag = consumerLag;
        this.clock = clock;
    }

    /**
     * @param cache   null when the cache did not answer ({@code cacheReachable} false)
     * @param streams each stream consumer's latest lag; empty when the metrics did not answer
     */
    public record Status(long users, long tweets, long follows, long albums, long importRecords,
                         Map<String, Long> tables, String countsNote, boolean cacheReachable,
                         CacheAdmin.CacheStats cache, Map<String, ConsumerLag.Lag> streams, String at) {
    }

    public Status status() {
        var counts = tables.itemCounts();
        CacheAdmin.CacheStats stats = null;
        boolean reachable;
        try {
            stats = cache.stats();
            reachable = true;
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("cache unreachable for the status", e);
            reachable = false;
        }
        Map<String, ConsumerLag.Lag> lags = Map.of();
        try {
            lags = consumerLag.lags();
        } catch (RuntimeException e) {
            LAG_UNKNOWN.warn("stream lag metrics unreachable for the status", e);
        }
        return new Status(counts.getOrDefault("Users", 0L), counts.getOrDefault("Tweets", 0L),
                counts.getOrDefault("Follows", 0L), counts.getOrDefault("Albums", 0L),
                counts.getOrDefault("ImportRecords", 0L), counts, COUNTS_NOTE, reachable, stats, lags,
                clock.instant().toString());
    }
}
