package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.TweetCache;
import com.scaleout.functions.social.domain.Tweet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tweet bodies in memory: a hit returns the body as it was put, stale counts and all, until evicted. It can be
 * flushed, and switched off to play Redis being down (then every call fails).
 */
public final class InMemoryTweetCache implements TweetCache {
    private final Map<String, Tweet> bodies = new HashMap<>();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    public synchronized void flush() {
        bodies.clear();
    }

    public synchronized boolean contains(String tweetId) {
        return bodies.containsKey(tweetId);
    }

    @Override
    public synchronized Map<String, Tweet> get(List<String> ids) {
        checkAvailable();
        var found = new HashMap<String, Tweet>();
        ids.stream().filter(bodies::containsKey).forEach(id -> found.put(id, bodies.get(id)));
        return found;
    }

    @Override
    public synchronized void put(Collection<Tweet> tweets) {
        checkAvailable();
        tweets.forEach(tweet -> bodies.put(tweet.id(), tweet));
    }

    @Override
    public synchronized void evict(String tweetId) {
        checkAvailable();
        bodies.remove(tweetId);
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("tweet cache is down");
        }
    }
}
