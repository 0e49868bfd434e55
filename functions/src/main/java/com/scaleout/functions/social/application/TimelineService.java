package com.scaleout.functions.social.application;

import com.scaleout.declaration.OperatorMetricNames;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.domain.TimelinePaging;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Home timelines. Warm path: the page from the user's Redis timeline, merged with the recent activity of the
 * followees that are not fanned out (accounts with very many followers), and tweet bodies from the tweet cache:
 * a few pipelined round trips and no DynamoDB read. A missing timeline is rebuilt from DynamoDB first; with the
 * cache down, the page is computed from DynamoDB. Every path keeps an entry per reason (a tweet, each retweet of it)
 * and shows one line per tweet, at its newest reason, the same way.
 */
public final class TimelineService {
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final TimelineCache timelines;
    private final SocialGraph graph;
    private final TweetBodies bodies;
    private final TimelineSource source;

    public TimelineService(TimelineCache timelines, SocialGraph graph, TweetBodies bodies, TimelineSource source) {
        this.timelines = timelines;
        this.graph = graph;
        this.bodies = bodies;
        this.source = source;
    }

    /** A timeline line: the tweet, and who retweeted it when that is why it is there. */
    public record Item(Tweet tweet, Optional<TimelineEntry.Retweeter> retweetedBy) {
    }

    /**
     * The page of at most {@code limit} tweets after the one {@code cursor} ended (the top without one): each tweet
     * once, at its newest entry ({@link TimelinePaging}), from a window of entries below the cursor, never the whole
     * timeline.
     */
    public Page<Item> timeline(Actor actor, int limit, Optional<String> cursor) {
        TimelinePaging.Position at = cursor.map(TimelineCursors::decode).orElse(TimelinePaging.Position.START);
        int window = TimelinePaging.window(limit);
        String userId = actor.userId();
        Set<String> following = graph.following(userId);
        Set<String> merged = celebritiesAmong(following);
        var entries = new ArrayList<>(ownEntries(userId, following, merged, at.before(), window));
        for (String author : merged) {
            entries.addAll(activity(author, at.before(), window));
        }
        var cut = TimelinePaging.cut(TimelineSource.newestFirst(entries, window), at, limit);
        Map<String, Tweet> bodies = this.bodies.byId(cut.shown().stream().map(TimelineEntry::tweetId).toList());
        var items = new ArrayList<Item>();
        for (TimelineEntry entry : cut.shown()) {
            Tweet tweet = bodies.get(entry.tweetId());
            if (tweet != null) { // deleted meanwhile: its entry is on its way out
                items.add(new Item(tweet, entry.retweetedBy()));
            }
        }
        return new Page<>(items, cut.next().map(TimelineCursors::encode).orElse(null));
    }

    /** Builds the user's timeline if it is missing (at login, as the seed warmed its caches). */
    public void warm(String userId) {
        if (timelines.timeline(userId, Optional.empty(), 1).isEmpty()) {
            Set<String> following = graph.following(userId);
            rebuild(userId, fannedOut(following, celebritiesAmong(following)));
        }
    }

    private List<TimelineEntry> ownEntries(String userId, Set<String> following, Set<String> merged,
                                           Optional<String> before, int want) {
        try {
            var cached = timelines.timeline(userId, before, want);
            if (cached.isPresent()) {
                OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_HITS, 1);
                return cached.get();
            }
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_MISSES, 1);
            List<TimelineEntry> rebuilt = rebuild(userId, fannedOut(following, merged));
            return olderThan(rebuilt, before, want);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("timeline cache unavailable; reading DynamoDB", cacheDown);
            OperatorMetrics.count(OperatorMetricNames.TIMELINE_CACHE_MISSES, 1);
            return olderThan(source.timeline(userId, fannedOut(following, merged)), before, want);
        }
    }

    private List<TimelineEntry> rebuild(String userId, Set<String> fannedOutFollowees) {
        List<TimelineEntry> entries = source.timeline(userId, fannedOutFollowees);
        timelines.replaceTimeline(userId, entries);
        return entries;
    }

    private List<TimelineEntry> activity(String authorId, Optional<String> before, int want) {
        try {
            var cached = timelines.activity(authorId, before, want);
            if (cached.isPresent()) {
                return cached.get();
            }
            List<TimelineEntry> rebuilt = source.activity(authorId, TimelineCache.CAPACITY);
            timelines.replaceActivity(authorId, rebuilt);
            return olderThan(rebuilt, before, want);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("activity cache unavailable; reading DynamoDB", cacheDown);
            return olderThan(source.activity(authorId, TimelineCache.CAPACITY), before, want);
        }
    }

    private Set<String> celebritiesAmong(Set<String> following) {
        try {
            return graph.cache().celebritiesAmong(following);
        } catch (RuntimeException cacheDown) {
            return Set.of(); // then every followee counts as fanned out; the DynamoDB path covers them all
        }
    }

    private static Set<String> fannedOut(Set<String> following, Set<String> merged) {
        var fannedOut = new HashSet<>(following);
        fannedOut.removeAll(merged);
        return fannedOut;
    }

    private static List<TimelineEntry> olderThan(List<TimelineEntry> newestFirst, Optional<String> before, int want) {
        return newestFirst.stream().filter(e -> before.map(b -> e.sortKey().compareTo(b) < 0).orElse(true))
                .limit(want).toList();
    }
}
