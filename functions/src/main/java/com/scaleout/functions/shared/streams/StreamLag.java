package com.scaleout.functions.shared.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.scaleout.functions.shared.redis.RedisLink;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How far behind its stream each consumer is, as {@code GET /admin/status} reports it: after a batch, the consumer
 * writes now minus its newest record's creation time into one Redis hash, field = consumer. Best effort: a cache
 * that does not answer costs the report, never the batch.
 */
public final class StreamLag {
    /** The hash every consumer reports into. */
    public static final String KEY = "stream-lag";
    private static final Logger LOG = Logger.getLogger(StreamLag.class.getName());

    private final Optional<RedisLink> redis;
    private final Clock clock;

    public StreamLag(Optional<RedisLink> redis, Clock clock) {
        this.redis = redis;
        this.clock = clock;
    }

    /** A consumer without a cache, or in a test: reports nothing. */
    public static StreamLag none() {
        return new StreamLag(Optional.empty(), Clock.systemUTC());
    }

    /** {@code REDIS_URL}'s cache, or none. */
    public static StreamLag fromEnvironment() {
        return new StreamLag(RedisLink.fromEnvironment(), Clock.systemUTC());
    }

    /** {@code lagMs|at}, the field's value: short, and read by {@link #parse}. */
    public record Report(long lagMs, Instant at) {
        String encode() {
            return lagMs + "|" + at;
        }
    }

    public static Optional<Report> parse(String value) {
        int bar = value == null ? -1 : value.indexOf('|');
        if (bar < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Report(Long.parseLong(value.substring(0, bar)),
                    Instant.parse(value.substring(bar + 1))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** After a batch processed completely (a partial one is retried, and reports then). */
    public void record(String consumer, DynamodbEvent event) {
        if (redis.isEmpty() || event.getRecords() == null || event.getRecords().isEmpty()) {
            return;
        }
        Date newest = event.getRecords().getLast().getDynamodb().getApproximateCreationDateTime();
        if (newest == null) {
            return;
        }
        Instant now = clock.instant();
        long lag = Math.max(0, Duration.between(newest.toInstant(), now).toMillis());
        try {
            redis.get().get().async().hset(KEY, consumer, new Report(lag, now).encode());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "stream lag not reported", e);
        }
    }
}
