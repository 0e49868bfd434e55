package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.shared.paging.Page;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Likes: a user likes a tweet at most once; who liked a tweet, and what a user liked, newest like first. */
public final class LikeService {
    private final LikeStore likes;
    private final TweetStore tweets;
    private final UserStore users;
    private final CallerStates states;
    private final Clock clock;

    public LikeService(LikeStore likes, TweetStore tweets, UserStore users, CallerStates states, Clock clock) {
        this.likes = likes;
        this.states = states;
        this.tweets = tweets;
        this.users = users;
        this.clock = clock;
    }

    /**
     * Likes the tweet (nothing changes if the caller liked it already) and answers it with its count as read just
     * before, plus this like when it is new: the count itself moves moments later (the count log's fold), and the
     * read before cannot have counted it yet.
     */
    public Tweet like(Actor actor, String tweetId) {
        requireId(tweetId);
        Tweet before = tweet(tweetId);
        boolean added;
        try {
            added = likes.add(new LikeStore.Like(tweetId, actor.userId(), Ids.newId(), Times.format(clock.instant())));
        } catch (RetweetStore.TweetNotFound e) {
            throw noSuchTweet();
        }
        states.liked(actor.userId(), tweetId, true);
        return added ? before.withLikes(before.likes() + 1) : before;
    }

    /** Takes the caller's like back, if any, and answers the tweet as {@link #like} does, less this like. */
    public Tweet unlike(Actor actor, String tweetId) {
        requireId(tweetId);
        Optional<Tweet> before = tweets.find(tweetId);
        boolean removed = likes.remove(tweetId, actor.userId()); // also of a tweet gone: no row outlives it
        states.liked(actor.userId(), tweetId, false);
        Tweet tweet = before.orElseThrow(LikeService::noSuchTweet);
        return removed ? tweet.withLikes(Math.max(0, tweet.likes() - 1)) : tweet;
    }

    public record Likers(Page<User> page, long count) {
    }

    public Likers likers(String tweetId, PageRequest page) {
        requireId(tweetId);
        Tweet tweet = tweet(tweetId);
        Slice<LikeStore.Like> slice = likes.likers(tweetId, page);
        List<User> likers = users.findByIds(slice.items().stream().map(LikeStore.Like::userId).toList());
        return new Likers(new Page<>(likers, next(slice, page)), tweet.likes());
    }

    /** The tweets a user liked, newest like first; a tweet deleted since is left out (its like goes with it). */
    public Page<Tweet> likedBy(String username, PageRequest page) {
        String userId = users.findIdByUsername(username).orElseThrow(() -> new NotFoundException("No such user"));
        Slice<LikeStore.Like> slice = likes.byUser(userId, page);
        return new Page<>(tweets.findMany(slice.items().stream().map(LikeStore.Like::tweetId).toList()),
                next(slice, page));
    }

    private static String next(Slice<LikeStore.Like> slice, PageRequest page) {
        return slice.items().isEmpty() ? null : page.nextCursor(slice.items().getLast().likeId(), slice.more());
    }

    private Tweet tweet(String tweetId) {
        return tweets.find(tweetId).orElseThrow(LikeService::noSuchTweet);
    }

    private static void requireId(String tweetId) {
        if (!Ids.isId(tweetId)) {
            throw noSuchTweet();
        }
    }

    private static NotFoundException noSuchTweet() {
        return new NotFoundException("No such tweet");
    }
}
