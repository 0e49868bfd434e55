package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;

/** Who liked what: one row per (tweet, user), with the tweet's like count kept equal to the rows. */
public interface LikeStore {

    /** True when this like is new; false when it existed. Throws {@link RetweetStore.TweetNotFound}. */
    boolean add(Like like);

    /** Removes the like if there is one; true when there was one. */
    boolean remove(String tweetId, String userId);

    /** Who liked a tweet, newest like first. */
    Slice<Like> likers(String tweetId, PageRequest page);

    /** A user's likes, newest first. */
    Slice<Like> byUser(String userId, PageRequest page);

    /** Drops every like row of a deleted tweet. */
    void removeAll(String tweetId);

    /** A like; {@code likeId} is a new id (time-ordered) that sorts the lists. */
    record Like(String tweetId, String userId, String likeId, String createdAt) {
    }
}
