package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;

/** Who retweeted what: one row per (tweet, user), with the tweet's retweet count kept equal to the rows. */
public interface RetweetStore {

    /** True when this retweet is new; false when it existed. Throws {@link TweetNotFound}. */
    boolean add(Retweet retweet);

    /** Removes the retweet if there is one; true when there was one. */
    boolean remove(String tweetId, String userId);

    Slice<Retweet> retweeters(String tweetId, PageRequest page);

    /** Drops every retweet row of a deleted tweet. */
    void removeAll(String tweetId);

    /** A user's retweets, newest first (to rebuild timelines). */
    Slice<Retweet> byUser(String userId, PageRequest page);

    /** A retweet; {@code username} is the retweeter's, kept so timelines can show it without a look-up. */
    record Retweet(String tweetId, String userId, String retweetId, String createdAt, String username) {
        public Retweet(String tweetId, String userId, String retweetId, String createdAt) {
            this(tweetId, userId, retweetId, createdAt, null);
        }
    }

    final class TweetNotFound extends RuntimeException {
        public TweetNotFound() {
            super("tweet not found", null, false, false);
        }
    }
}
