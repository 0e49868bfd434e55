package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.TimelineEntry;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Fanout on write, driven by the Tweets, Retweets and Follows streams. A tweet or retweet goes into the
 * author's own activity list and into the timelines of the author, the mentioned users and — unless the author
 * has more than {@code maxFanoutFollowers} followers — every follower; those accounts' activity is merged at
 * read time instead (hybrid fanout). Every change is an add or remove of a fixed member, so replays, duplicates
 * and reordered deliveries converge to the same timelines.
 */
public final class FanoutService {
    /** How much of a followee's activity a new follower's timeline receives. */
    static final int BACKFILL = 100;

    private final TimelineCache timelines;
    private final SocialGraph graph;
    private final TweetCache tweetCache;
    private final UserStore users;
    private final TweetStore tweets;
    private final TimelineSource source;
    private final int maxFanoutFollowers;
    /** Reads one stream batch repeats, kept while it is handled (see {@link #inOneBatch}); none outside a batch. */
    private final ThreadLocal<BatchReads> batchReads = new ThreadLocal<>();

    /**
     * What a batch asks for again and again: a seeding's or a popular author's batch holds many tweets of one author
     * (each asking whether the author is fanned out) and many follows of one account (each backfilling its recent
     * activity). Read once per batch: a figure may be a batch old, which the next batch's reads put right.
     */
    private static final class BatchReads {
        final Map<String, Long> followerCounts = new HashMap<>();
        final Map<String, List<TimelineEntry>> recentActivity = new HashMap<>();
        final Map<String, Set<String>> followers = new HashMap<>();
    }

    public FanoutService(TimelineCache timelines, SocialGraph graph, TweetCache tweetCache, UserStore users,
                         TweetStore tweets, TimelineSource source, int maxFanoutFollowers) {
        this.timelines = timelines;
        this.graph = graph;
        this.tweetCache = tweetCache;
        this.users = users;
        this.tweets = tweets;
        this.source = source;
        this.maxFanoutFollowers = maxFanoutFollowers;
    }

    /**
     * Reads the follower counts of these accounts in one call (a BatchGetItem) for the batch being handled, instead
     * of one GetItem per record: a batch of follows names many different followees. Outside {@link #inOneBatch}
     * there is nowhere to keep them: nothing is read. An account not found counts 0 followers, as a single read
     * would.
     */
    public void readFollowerCounts(Collection<String> userIds) {
        var reads = batchReads.get();
        if (reads == null) {
            return;
        }
        var wanted = userIds.stream().distinct().filter(id -> !reads.followerCounts.containsKey(id)).toList();
        if (wanted.isEmpty()) {
            return;
        }
        wanted.forEach(id -> reads.followerCounts.put(id, 0L));
        users.findByIds(wanted).forEach(user -> reads.followerCounts.put(user.id(), user.followers()));
    }

    /** Runs one stream batch's handling, its repeated reads made once ({@link BatchReads}). */
    public <T> T inOneBatch(Supplier<T> batch) {
        batchReads.set(new BatchReads());
        try {
            return batch.get();
        } finally {
            batchReads.remove();
        }
    }

    /** Into the timelines it reaches, and its body into the tweet cache: the pages that show it next read it there. */
    public void tweetCreated(Tweet tweet) {
        var entry = TimelineEntry.tweet(tweet.id());
        tweetCache.put(List.of(tweet));
        timelines.addToActivity(tweet.authorId(), entry);
        timelines.addToTimelines(audience(tweet.authorId(), tweet.mentions()), entry);
    }

    public void tweetDeleted(Tweet tweet) {
        var entry = TimelineEntry.tweet(tweet.id());
        tweetCache.evict(tweet.id());
        timelines.removeFromActivity(tweet.authorId(), entry);
        timelines.removeFromTimelines(everyoneReached(tweet.authorId(), tweet.mentions()), List.of(entry));
    }

    /** Its counts changed: the cached body is stale. */
    public void tweetChanged(Tweet tweet) {
        tweetCache.evict(tweet.id());
    }

    public void retweeted(RetweetStore.Retweet retweet) {
        var entry = retweetEntry(retweet);
        timelines.addToActivity(retweet.userId(), entry);
        timelines.addToTimelines(audience(retweet.userId(), List.of()), entry);
    }

    public void unretweeted(RetweetStore.Retweet retweet) {
        var entry = retweetEntry(retweet);
        timelines.removeFromActivity(retweet.userId(), entry);
        timelines.removeFromTimelines(everyoneReached(retweet.userId(), List.of()), List.of(entry));
    }

    /** The follower's timeline gets the followee's recent activity (unless it is merged at read time). */
    public void followed(FollowStore.Edge edge) {
        // Recommendations are left as they are: reads drop the accounts followed since, and seeing how many were
        // consumed is what tells them to refill.
        graph.cache().addEdge(edge.followerId(), edge.followeeId());
        if (!isFannedOut(edge.followeeId())) {
            return;
        }
        timelines.addAllToTimeline(edge.followerId(), recentActivity(edge.followeeId()));
    }

    /**
     * The followee's activity leaves the follower's timeline, except tweets that mention the follower. Retweets are
     * found in the follower's timeline itself, not in the followee's current activity: a retweet undone before this
     * record is handled is no longer in the activity, but may still be in the timeline.
     */
    public void unfollowed(FollowStore.Edge edge) {
        graph.cache().removeEdge(edge.followerId(), edge.followeeId());
        isFannedOut(edge.followeeId()); // keeps the mark right as counts fall
        var activity = new ArrayList<>(source.activity(edge.followeeId(), TimelineCache.CAPACITY));
        timelines.timeline(edge.followerId(), Optional.empty(), TimelineCache.CAPACITY).orElse(List.of()).stream()
                .filter(e -> e.retweetedBy().map(r -> r.id().equals(edge.followeeId())).orElse(false))
                .forEach(activity::add);
        var originals = activity.stream().filter(e -> e.retweetedBy().isEmpty()).map(TimelineEntry::tweetId)
                .toList();
        Set<String> mentioningFollower = new HashSet<>();
        for (Tweet tweet : tweets.findMany(originals)) {
            if (TimelineSource.mentions(tweet, edge.followerId())) {
                mentioningFollower.add(tweet.id());
            }
        }
        var leaving = activity.stream()
                .filter(e -> e.retweetedBy().isPresent() || !mentioningFollower.contains(e.tweetId())).toList();
        timelines.removeFromTimelines(List.of(edge.followerId()), leaving);
    }

    /**
     * Whose timelines a removal must reach: the author, the mentioned users and every current follower, even of an
     * author no longer fanned out, whose entries from before still sit in those timelines.
     */
    private Collection<String> everyoneReached(String authorId, List<Mention> mentions) {
        var reached = authorAndMentioned(authorId, mentions);
        reached.addAll(followers(authorId));
        return reached;
    }

    /** The author, the mentioned users, and the followers when the author is fanned out. */
    private Collection<String> audience(String authorId, List<Mention> mentions) {
        var audience = authorAndMentioned(authorId, mentions);
        if (isFannedOut(authorId)) {
            audience.addAll(followers(authorId));
        }
        return audience;
    }

    /**
     * The account's followers, read once per batch: the fanout and the live pusher after it both need a new tweet's
     * followers, and a batch may hold several tweets of one author.
     */
    public Set<String> followers(String userId) {
        var reads = batchReads.get();
        return reads == null ? graph.followers(userId) : reads.followers.computeIfAbsent(userId, graph::followers);
    }

    private static HashSet<String> authorAndMentioned(String authorId, List<Mention> mentions) {
        var users = new HashSet<String>();
        users.add(authorId);
        mentions.forEach(m -> users.add(m.userId()));
        return users;
    }

    /**
     * Whether the author's activity is fanned out, from their follower count (the counts in DynamoDB are exact),
     * keeping the "merged at read" mark in step. An author dropping back under the limit gets their recent
     * activity fanned out to every follower, since reads stop merging it.
     */
    private boolean isFannedOut(String authorId) {
        long followers = followerCount(authorId);
        boolean celebrity = followers > maxFanoutFollowers;
        boolean changed = graph.cache().markCelebrity(authorId, celebrity);
        if (changed && !celebrity) {
            var recent = recentActivity(authorId);
            for (String follower : graph.followers(authorId)) {
                timelines.addAllToTimeline(follower, recent);
            }
        }
        return !celebrity;
    }

    /** The candidates who follow the account (see {@link SocialGraph#followersAmong}). */
    public Set<String> followersAmong(String userId, Collection<String> candidates) {
        return graph.followersAmong(userId, candidates);
    }

    /** How many follow the account, read once per batch. */
    public long followerCount(String userId) {
        var reads = batchReads.get();
        if (reads == null) {
            return users.findById(userId).map(User::followers).orElse(0L);
        }
        return reads.followerCounts.computeIfAbsent(userId,
                id -> users.findById(id).map(User::followers).orElse(0L));
    }

    private List<TimelineEntry> recentActivity(String userId) {
        var reads = batchReads.get();
        if (reads == null) {
            return cachedActivity(userId);
        }
        return reads.recentActivity.computeIfAbsent(userId, this::cachedActivity);
    }

    /**
     * The account's newest activity from its cached list, which this fanout keeps (every tweet and retweet is
     * added, every deletion removed); a missing list is built from DynamoDB first, as a reader builds it. So a
     * followee's activity costs two Queries once, not on every new follower (a seed's 20 follows per account).
     */
    private List<TimelineEntry> cachedActivity(String userId) {
        var cached = timelines.activity(userId, Optional.empty(), BACKFILL);
        if (cached.isPresent()) {
            return cached.get();
        }
        var stored = source.activity(userId, TimelineCache.CAPACITY);
        timelines.replaceActivity(userId, stored);
        return stored.subList(0, Math.min(BACKFILL, stored.size()));
    }

    private static TimelineEntry retweetEntry(RetweetStore.Retweet retweet) {
        return TimelineEntry.retweet(retweet.retweetId(), retweet.tweetId(), retweet.userId(),
                Optional.ofNullable(retweet.username()).orElse(retweet.userId()));
    }
}
