package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.Slice;

/** Likes in memory, one per (tweet, user), with the tweet's like count moved alongside. */
public final class InMemoryLikeStore implements LikeStore {
    private final InMemoryCountedRows<Like> rows;

    public InMemoryLikeStore(InMemoryTweetStore tweets) {
        this.rows = new InMemoryCountedRows<>(tweets::adjustLikes, Like::tweetId, Like::userId, Like::likeId);
    }

    @Override
    public boolean add(Like like) {
        return rows.add(like);
    }

    @Override
    public boolean remove(String tweetId, String userId) {
        return rows.remove(tweetId, userId);
    }

    @Override
    public Slice<Like> likers(String tweetId, PageRequest page) {
        return rows.ofTweet(tweetId, page);
    }

    @Override
    public Slice<Like> byUser(String userId, PageRequest page) {
        return rows.ofUser(userId, page);
    }

    @Override
    public void removeAll(String tweetId) {
        rows.removeAll(tweetId);
    }

    /** Whether the user likes the tweet. */
    public boolean has(String tweetId, String userId) {
        return rows.has(tweetId, userId);
    }
}
