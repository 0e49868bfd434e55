package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.CallerStateCache.UserActs;
import com.scaleout.functions.social.domain.ActedTweets;
import com.scaleout.functions.social.domain.CallerState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Caller states from the cache, with DynamoDB ({@code stored}) answering only what the cache cannot: a warm page of a
 * user whose copy is complete reads no table. A missing copy is built from the user's newest retweets and likes
 * ({@link CallerStateCache#CAPACITY} of each); a user with more keeps a floor, and a tweet older than it is asked of
 * DynamoDB. With the cache down, every page is read from DynamoDB and writes still succeed.
 */
public final class CachedCallerStates implements CallerStates {
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();
    private static final PageRequest NEWEST = new PageRequest(CallerStateCache.CAPACITY, Optional.empty());

    private final CallerStateCache cache;
    private final CallerStates stored;
    private final RetweetStore retweets;
    private final LikeStore likes;

    public CachedCallerStates(CallerStateCache cache, CallerStates stored, RetweetStore retweets, LikeStore likes) {
        this.cache = cache;
        this.stored = stored;
        this.retweets = retweets;
        this.likes = likes;
    }

    @Override
    public Map<String, CallerState> of(String userId, List<String> tweetIds) {
        if (tweetIds.isEmpty()) {
            return Map.of();
        }
        Optional<UserActs> cached;
        try {
            cached = cache.read(userId, tweetIds);
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("caller state cache unavailable; reading DynamoDB", e);
            return stored.of(userId, tweetIds);
        }
        UserActs acts = cached.orElseGet(() -> rebuild(userId));
        List<String> unknown = tweetIds.stream().filter(id -> acts.retweeted().actedOn(id).isEmpty()
                || acts.liked().actedOn(id).isEmpty()).distinct().toList();
        Map<String, CallerState> exact = unknown.isEmpty() ? Map.of() : stored.of(userId, unknown);
        var states = new HashMap<String, CallerState>();
        for (String id : tweetIds) {
            CallerState fromStore = exact.getOrDefault(id, CallerState.NONE);
            states.put(id, new CallerState(acts.retweeted().actedOn(id).orElse(fromStore.retweeted()),
                    acts.liked().actedOn(id).orElse(fromStore.liked())));
        }
        return states;
    }

    /** The user's newest acts from DynamoDB, kept in the cache if it takes them, and answered either way. */
    private UserActs rebuild(String userId) {
        var snapshot = new UserActs(
                newest(retweets.byUser(userId, NEWEST), RetweetStore.Retweet::tweetId, RetweetStore.Retweet::retweetId),
                newest(likes.byUser(userId, NEWEST), LikeStore.Like::tweetId, LikeStore.Like::likeId));
        try {
            cache.replace(userId, snapshot);
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("caller state cache unavailable; not rebuilt", e);
        }
        return snapshot;
    }

    private static <T> ActedTweets newest(Slice<T> slice, Function<T, String> tweetId, Function<T, String> actId) {
        var ids = slice.items().stream().map(tweetId).collect(Collectors.toSet());
        return new ActedTweets(ids, slice.more() ? Optional.of(actId.apply(slice.items().getLast())) : Optional.empty());
    }

    @Override
    public void retweeted(String userId, String tweetId, boolean now) {
        keep(() -> cache.retweeted(userId, tweetId, now), "retweet");
    }

    @Override
    public void liked(String userId, String tweetId, boolean now) {
        keep(() -> cache.liked(userId, tweetId, now), "like");
    }

    /** The write is in DynamoDB already: a cache that cannot take it must not fail it. */
    private static void keep(Runnable update, String what) {
        try {
            update.run();
        } catch (RuntimeException e) {
            CACHE_DOWN.warn("caller state cache unavailable; {} not recorded in it", what, e);
        }
    }
}
