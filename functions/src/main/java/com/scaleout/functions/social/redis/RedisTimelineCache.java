package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.TimelineCache;
import com.scaleout.functions.social.domain.TimelineEntry;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisFuture;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Timelines in sorted sets {@code timeline:{userId}} and {@code activity:{authorId}}: every score 0, members
 * {@link TimelineEntry#member()}, so Redis orders them by member, that is by time. The member {@value #BUILT}
 * sorts before every entry and marks a list as built: a list without it (never built, flushed, evicted, or
 * recreated by a fanout after a flush) is missing. Trimming removes ranks from 1, sparing the marker.
 */
public final class RedisTimelineCache implements TimelineCache {
    static final String BUILT = "!";

    private final Optional<RedisLink> redis;

    public RedisTimelineCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String timelineKey(String userId) {
        return "timeline:{" + userId + "}";
    }

    static String activityKey(String authorId) {
        return "activity:{" + authorId + "}";
    }

    @Override
    public Optional<List<TimelineEntry>> timeline(String userId, Optional<String> before, int count) {
        return read(timelineKey(userId), before, count);
    }

    @Override
    public Optional<List<TimelineEntry>> activity(String authorId, Optional<String> before, int count) {
        return read(activityKey(authorId), before, count);
    }

    /** The marker and the page in one pipeline: one round trip. */
    private Optional<List<TimelineEntry>> read(String key, Optional<String> before, int count) {
        var built = new AtomicReference<RedisFuture<Double>>();
        var members = new AtomicReference<RedisFuture<List<String>>>();
        Range<String> range = Range.from(Range.Boundary.excluding(BUILT),
                before.map(Range.Boundary::excluding).orElse(Range.Boundary.unbounded()));
        Pipeline.run(connection(), pipeline -> {
            built.set(pipeline.add(pipeline.commands().zscore(key, BUILT)));
            members.set(pipeline.add(pipeline.commands().zrevrangebylex(key, range, Limit.create(0, count))));
        });
        if (built.get().toCompletableFuture().join() == null) {
            return Optional.empty();
        }
        return Optional.of(members.get().toCompletableFuture().join().stream().map(TimelineEntry::fromMember)
                .filter(Objects::nonNull).toList());
    }

    @Override
    public void replaceTimeline(String userId, List<TimelineEntry> entries) {
        replace(timelineKey(userId), entries);
    }

    @Override
    public void replaceActivity(String authorId, List<TimelineEntry> entries) {
        replace(activityKey(authorId), entries);
    }

    /**
     * Builds a missing list: the entries on top of whatever fanout added since the list went missing (those are
     * newer, not wrong), then the trim, then the marker last, so a reader never takes a half-written list for a
     * built one.
     */
    private void replace(String key, List<TimelineEntry> entries) {
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            var newest = entries.stream().map(TimelineEntry::member).sorted((a, b) -> b.compareTo(a))
                    .limit(CAPACITY).toList();
            for (int from = 0; from < newest.size(); from += 500) {
                var chunk = newest.subList(from, Math.min(newest.size(), from + 500));
                Object[] scoresAndMembers = new Object[chunk.size() * 2];
                for (int i = 0; i < chunk.size(); i++) {
                    scoresAndMembers[2 * i] = 0.0;
                    scoresAndMembers[2 * i + 1] = chunk.get(i);
                }
                pipeline.add(commands.zadd(key, scoresAndMembers));
            }
            pipeline.add(commands.zadd(key, 0, BUILT));
            pipeline.add(commands.zremrangebyrank(key, 1, -(CAPACITY + 1)));
        });
    }

    @Override
    public void addToTimelines(Collection<String> userIds, TimelineEntry entry) {
        String member = entry.member();
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            for (String userId : userIds) {
                String key = timelineKey(userId);
                pipeline.add(commands.zadd(key, 0, member));
                pipeline.add(commands.zremrangebyrank(key, 1, -(CAPACITY + 1)));
            }
        });
    }

    @Override
    public void addAllToTimeline(String userId, Collection<TimelineEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        String key = timelineKey(userId);
        Pipeline.run(connection(), pipeline -> {
            for (TimelineEntry entry : entries) {
                pipeline.add(pipeline.commands().zadd(key, 0, entry.member()));
            }
            pipeline.add(pipeline.commands().zremrangebyrank(key, 1, -(CAPACITY + 1)));
        });
    }

    @Override
    public void removeFromTimelines(Collection<String> userIds, Collection<TimelineEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        String[] members = entries.stream().map(TimelineEntry::member).toArray(String[]::new);
        Pipeline.run(connection(), pipeline -> {
            for (String userId : userIds) {
                pipeline.add(pipeline.commands().zrem(timelineKey(userId), members));
            }
        });
    }

    @Override
    public void addToActivity(String authorId, TimelineEntry entry) {
        String key = activityKey(authorId);
        Pipeline.run(connection(), pipeline -> {
            pipeline.add(pipeline.commands().zadd(key, 0, entry.member()));
            pipeline.add(pipeline.commands().zremrangebyrank(key, 1, -(CAPACITY + 1)));
        });
    }

    @Override
    public void removeFromActivity(String authorId, TimelineEntry entry) {
        connection().sync().zrem(activityKey(authorId), entry.member());
    }
}
