package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Retweets in memory, one per (tweet, user), with the tweet's retweet count moved alongside. */
public final class InMemoryRetweetStore implements RetweetStore {
    private final Map<String, Map<String, Retweet>> byTweet = new HashMap<>();
    private final InMemoryTweetStore tweets;

    public InMemoryRetweetStore(InMemoryTweetStore tweets) {
        this.tweets = tweets;
    }

    @Override
    public synchronized boolean add(Retweet retweet) {
        if (byTweet.getOrDefault(retweet.tweetId(), Map.of()).containsKey(retweet.userId())) {
            return false;
        }
        if (!tweets.adjustCounts(retweet.tweetId(), 0, 1)) {
            throw new TweetNotFound();
        }
        byTweet.computeIfAbsent(retweet.tweetId(), id -> new HashMap<>()).put(retweet.userId(), retweet);
        return true;
    }

    @Override
    public synchronized void remove(String tweetId, String userId) {
        Map<String, Retweet> rows = byTweet.get(tweetId);
        if (rows != null && rows.remove(userId) != null) {
            tweets.adjustCounts(tweetId, 0, -1); // a deleted tweet has no count left to lower
        }
    }

    @Override
    public synchronized Slice<Retweet> retweeters(String tweetId, PageRequest page) {
        return NewestFirst.slice(List.copyOf(byTweet.getOrDefault(tweetId, Map.of()).values()),
                Retweet::retweetId, page);
    }

    @Override
    public synchronized void removeAll(String tweetId) {
        byTweet.remove(tweetId);
    }

    @Override
    public synchronized Slice<Retweet> byUser(String userId, PageRequest page) {
        return NewestFirst.slice(byTweet.values().stream().flatMap(rows -> rows.values().stream())
                .filter(r -> r.userId().equals(userId)).toList(), Retweet::retweetId, page);
    }
}
