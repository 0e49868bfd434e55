package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.TimelineCache;
import com.scaleout.functions.social.domain.TimelineEntry;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Timelines and activity lists in memory, kept as Redis keeps them: a set of {@link TimelineEntry#member()}s
 * ordered by member (so by time), the newest {@link TimelineCache#CAPACITY} kept. Only a list that was built
 * (replaced) exists: as in Redis, where adds to a list without its built marker leave it missing, adds and
 * removes on a missing list change nothing a reader can see. It can be flushed, and switched off to play Redis
 * being down (then every call fails).
 */
public final class InMemoryTimelineCache implements TimelineCache {
    private final Map<String, TreeSet<String>> timelines = new HashMap<>();
    private final Map<String, TreeSet<String>> activities = new HashMap<>();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    /** As FLUSHALL or an eviction of everything: every list is missing again. */
    public synchronized void flush() {
        timelines.clear();
        activities.clear();
    }

    /** Every list that exists and its members, sorted: two equal snapshots mean two equal caches. */
    public synchronized SortedMap<String, List<String>> snapshot() {
        var copy = new TreeMap<String, List<String>>();
        timelines.forEach((userId, members) -> copy.put("timeline:" + userId, List.copyOf(members)));
        activities.forEach((authorId, members) -> copy.put("activity:" + authorId, List.copyOf(members)));
        return copy;
    }

    @Override
    public synchronized Optional<List<TimelineEntry>> timeline(String userId, Optional<String> before, int count) {
        return read(timelines, userId, before, count);
    }

    @Override
    public synchronized Optional<List<TimelineEntry>> activity(String authorId, Optional<String> before, int count) {
        return read(activities, authorId, before, count);
    }

    @Override
    public synchronized void replaceTimeline(String userId, List<TimelineEntry> entries) {
        replace(timelines, userId, entries);
    }

    @Override
    public synchronized void replaceActivity(String authorId, List<TimelineEntry> entries) {
        replace(activities, authorId, entries);
    }

    @Override
    public synchronized void addToTimelines(Collection<String> userIds, TimelineEntry entry) {
        checkAvailable();
        userIds.forEach(userId -> add(timelines, userId, List.of(entry)));
    }

    @Override
    public synchronized void removeFromTimelines(Collection<String> userIds, Collection<TimelineEntry> entries) {
        checkAvailable();
        for (String userId : userIds) {
            TreeSet<String> members = timelines.get(userId);
            if (members != null) {
                entries.forEach(entry -> members.remove(entry.member()));
            }
        }
    }

    @Override
    public synchronized void addAllToTimeline(String userId, Collection<TimelineEntry> entries) {
        checkAvailable();
        add(timelines, userId, entries);
    }

    @Override
    public synchronized void addToActivity(String authorId, TimelineEntry entry) {
        checkAvailable();
        add(activities, authorId, List.of(entry));
    }

    @Override
    public synchronized void removeFromActivity(String authorId, TimelineEntry entry) {
        checkAvailable();
        TreeSet<String> members = activities.get(authorId);
        if (members != null) {
            members.remove(entry.member());
        }
    }

    private Optional<List<TimelineEntry>> read(Map<String, TreeSet<String>> lists, String key,
                                               Optional<String> before, int count) {
        checkAvailable();
        TreeSet<String> members = lists.get(key);
        if (members == null) {
            return Optional.empty();
        }
        // Redis: ZREVRANGEBYLEX key (before - LIMIT 0 count; a member "sortKey|..." is below "before" iff its
        // sort key is older
        var newest = before.map(b -> members.headSet(b, false)).orElse(members).descendingSet();
        return Optional.of(newest.stream().limit(count).map(TimelineEntry::fromMember).toList());
    }

    private void replace(Map<String, TreeSet<String>> lists, String key, List<TimelineEntry> entries) {
        checkAvailable();
        var members = new TreeSet<String>();
        entries.forEach(entry -> members.add(entry.member()));
        lists.put(key, members);
        trim(members);
    }

    private static void add(Map<String, TreeSet<String>> lists, String key, Collection<TimelineEntry> entries) {
        TreeSet<String> members = lists.get(key);
        if (members != null) {
            entries.forEach(entry -> members.add(entry.member()));
            trim(members);
        }
    }

    /** The oldest go first, as ZREMRANGEBYRANK after each add. */
    private static void trim(TreeSet<String> members) {
        while (members.size() > CAPACITY) {
            members.pollFirst();
        }
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("timeline cache is down");
        }
    }
}
