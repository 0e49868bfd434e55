package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Timelines as DynamoDB knows them, for building a missing one: the same entries fanout would have put there —
 * the user's own tweets and retweets, the recent tweets and retweets of every followee that is fanned out, and
 * the tweets mentioning the user — newest first, at most {@link TimelineCache#CAPACITY}.
 */
public final class TimelineSource {
    /** Per followee: enough for any page a reader gets to before older entries would be trimmed anyway. */
    static final int PER_FOLLOWEE = 100;
    static final int OWN = 200;

    private final TweetStore tweets;
    private final RetweetStore retweets;
    private final TweetIndexStore index;

    public TimelineSource(TweetStore tweets, RetweetStore retweets, TweetIndexStore index) {
        this.tweets = tweets;
        this.retweets = retweets;
        this.index = index;
    }

    /** A user's own tweets and retweets: what their followers' timelines get from them. */
    public List<TimelineEntry> activity(String userId, int limit) {
        var page = new PageRequest(limit, Optional.empty());
        var entries = new ArrayList<TimelineEntry>();
        tweets.byAuthor(userId, page).items().forEach(t -> entries.add(TimelineEntry.tweet(t.id())));
        retweets.byUser(userId, page).items().forEach(r -> entries.add(TimelineEntry.retweet(r.retweetId(),
                r.tweetId(), r.userId(), Optional.ofNullable(r.username()).orElse(r.userId()))));
        return newestFirst(entries, limit);
    }

    public List<TimelineEntry> timeline(String userId, Set<String> fannedOutFollowees) {
        var entries = new ArrayList<>(activity(userId, OWN));
        for (String followee : fannedOutFollowees) {
            entries.addAll(activity(followee, PER_FOLLOWEE));
        }
        for (String id : index.mentioning(userId, new PageRequest(OWN, Optional.empty())).items()) {
            entries.add(TimelineEntry.tweet(id));
        }
        return newestFirst(entries, TimelineCache.CAPACITY);
    }

    /** Newest first, one entry per member, at most {@code limit}. */
    static List<TimelineEntry> newestFirst(List<TimelineEntry> entries, int limit) {
        var unique = new LinkedHashMap<String, TimelineEntry>();
        entries.stream().sorted(Comparator.comparing(TimelineEntry::member).reversed())
                .forEach(e -> unique.putIfAbsent(e.member(), e));
        return unique.values().stream().limit(limit).toList();
    }

    /** Whether an original tweet mentions the user (such tweets stay in the user's timeline after an unfollow). */
    static boolean mentions(Tweet tweet, String userId) {
        return tweet.mentions().stream().anyMatch(m -> m.userId().equals(userId));
    }
}
