package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;

/** Retweets in memory, one per (tweet, user), with the tweet's retweet count moved alongside. */
public final class InMemoryRetweetStore implements RetweetStore {
    private final InMemoryCountedRows<Retweet> rows;

    public InMemoryRetweetStore(InMemoryTweetStore tweets) {
        this.rows = new InMemoryCountedRows<>((tweetId, delta) -> tweets.adjustCounts(tweetId, 0, delta),
                Retweet::tweetId, Retweet::userId, Retweet::retweetId);
    }

    @Override
    public boolean add(Retweet retweet) {
        return rows.add(retweet);
    }

    @Override
    public boolean remove(String tweetId, String userId) {
        return rows.remove(tweetId, userId);
    }

    @Override
    public Slice<Retweet> retweeters(String tweetId, PageRequest page) {
        return rows.ofTweet(tweetId, page);
    }

    /** Whether the user has retweeted the tweet. */
    public boolean has(String tweetId, String userId) {
        return rows.has(tweetId, userId);
    }

    @Override
    public void removeAll(String tweetId) {
        rows.removeAll(tweetId);
    }

    @Override
    public Slice<Retweet> byUser(String userId, PageRequest page) {
        return rows.ofUser(userId, page);
    }
}
