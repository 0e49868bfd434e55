package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.CallerStateCache;
import com.scaleout.functions.social.domain.ActedTweets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Caller state copies in memory, as Redis keeps them: acts written to a copy that is not built are kept (and count
 * once it is built, beneath the snapshot) but never make it built. It can be flushed, and switched off to play Redis
 * being down (then every call fails).
 */
public final class InMemoryCallerStateCache implements CallerStateCache {
    private final Map<String, Copy> copies = new HashMap<>();
    private volatile boolean available = true;

    private static final class Copy {
        final Set<String> retweeted = new HashSet<>();
        final Set<String> liked = new HashSet<>();
        Optional<UserActs> floors = Optional.empty(); // present once built: the floors of the snapshot
    }

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        copies.clear();
    }

    @Override
    public synchronized Optional<UserActs> read(String userId, List<String> tweetIds) {
        checkAvailable();
        Copy copy = copies.get(userId);
        if (copy == null || copy.floors.isEmpty()) {
            return Optional.empty();
        }
        UserActs floors = copy.floors.get();
        return Optional.of(new UserActs(among(copy.retweeted, tweetIds, floors.retweeted()),
                among(copy.liked, tweetIds, floors.liked())));
    }

    private static ActedTweets among(Set<String> kept, List<String> tweetIds, ActedTweets floor) {
        var ids = new HashSet<>(tweetIds);
        ids.retainAll(kept);
        return new ActedTweets(ids, floor.floor());
    }

    @Override
    public synchronized void replace(String userId, UserActs snapshot) {
        checkAvailable();
        Copy copy = copies.computeIfAbsent(userId, id -> new Copy());
        copy.retweeted.addAll(snapshot.retweeted().tweetIds());
        copy.liked.addAll(snapshot.liked().tweetIds());
        copy.floors = Optional.of(snapshot);
    }

    @Override
    public synchronized void retweeted(String userId, String tweetId, boolean now) {
        checkAvailable();
        record(copies.computeIfAbsent(userId, id -> new Copy()).retweeted, tweetId, now);
    }

    @Override
    public synchronized void liked(String userId, String tweetId, boolean now) {
        checkAvailable();
        record(copies.computeIfAbsent(userId, id -> new Copy()).liked, tweetId, now);
    }

    private static void record(Set<String> acts, String tweetId, boolean now) {
        if (now) {
            acts.add(tweetId);
        } else {
            acts.remove(tweetId);
        }
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("cache down");
        }
    }
}
