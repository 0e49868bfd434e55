package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.TimelineEntry;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Home timelines (the latest {@link #CAPACITY} entries per user) and each author's own activity (their tweets
 * and retweets, for merging the accounts that are not fanned out). A list that was never built, or was lost
 * (flush, eviction), reads as empty {@code Optional}: the caller rebuilds it from DynamoDB.
 */
public interface TimelineCache {
    int CAPACITY = 1000;

    /** Up to {@code count} entries older than {@code before}, newest first; empty when the timeline is missing. */
    Optional<List<TimelineEntry>> timeline(String userId, Optional<String> before, int count);

    Optional<List<TimelineEntry>> activity(String authorId, Optional<String> before, int count);

    /** Replaces the timeline with these entries (the newest {@link #CAPACITY}) and marks it built. */
    void replaceTimeline(String userId, List<TimelineEntry> entries);

    void replaceActivity(String authorId, List<TimelineEntry> entries);

    /** Adds the entry to each of these users' timelines, trimming each to capacity: pipelined. */
    void addToTimelines(Collection<String> userIds, TimelineEntry entry);

    void removeFromTimelines(Collection<String> userIds, Collection<TimelineEntry> entries);

    /** Adds several entries to one user's timeline (a backfill after a follow), trimming to capacity. */
    void addAllToTimeline(String userId, Collection<TimelineEntry> entries);

    void addToActivity(String authorId, TimelineEntry entry);

    void removeFromActivity(String authorId, TimelineEntry entry);
}
