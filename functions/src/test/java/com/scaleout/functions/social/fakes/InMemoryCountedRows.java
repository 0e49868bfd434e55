package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Rows of one kind per (tweet, user), at most one each, whose number the tweet counts: what retweets and likes
 * share, as the DynamoDB stores share CountedRows.
 *
 * @param <R> the row
 */
final class InMemoryCountedRows<R> {
    /** Moves a tweet's count; false when there is no such tweet. */
    interface Counter {
        boolean adjust(String tweetId, long delta);
    }

    private final Map<String, Map<String, R>> byTweet = new HashMap<>();
    private final Counter counter;
    private final Function<R, String> tweetId;
    private final Function<R, String> userId;
    private final Function<R, String> sortKey;

    InMemoryCountedRows(Counter counter, Function<R, String> tweetId, Function<R, String> userId,
                        Function<R, String> sortKey) {
        this.counter = counter;
        this.tweetId = tweetId;
        this.userId = userId;
        this.sortKey = sortKey;
    }

    synchronized boolean add(R row) {
        if (has(tweetId.apply(row), userId.apply(row))) {
            return false;
        }
        if (!counter.adjust(tweetId.apply(row), 1)) {
            throw new RetweetStore.TweetNotFound();
        }
        byTweet.computeIfAbsent(tweetId.apply(row), id -> new HashMap<>()).put(userId.apply(row), row);
        return true;
    }

    synchronized boolean remove(String tweet, String user) {
        Map<String, R> rows = byTweet.get(tweet);
        if (rows != null && rows.remove(user) != null) {
            counter.adjust(tweet, -1); // a deleted tweet has no count left to lower
            return true;
        }
        return false;
    }

    synchronized boolean has(String tweet, String user) {
        return byTweet.getOrDefault(tweet, Map.of()).containsKey(user);
    }

    synchronized Slice<R> ofTweet(String tweet, PageRequest page) {
        return NewestFirst.slice(List.copyOf(byTweet.getOrDefault(tweet, Map.of()).values()), sortKey, page);
    }

    synchronized Slice<R> ofUser(String user, PageRequest page) {
        return NewestFirst.slice(byTweet.values().stream().flatMap(rows -> rows.values().stream())
                .filter(row -> userId.apply(row).equals(user)).toList(), sortKey, page);
    }

    synchronized void removeAll(String tweet) {
        byTweet.remove(tweet);
    }
}
