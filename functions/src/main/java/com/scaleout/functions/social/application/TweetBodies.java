package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.social.domain.Tweet;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tweet bodies by id, read through the tweet cache: the cached ones from Redis, the rest from DynamoDB (and into the
 * cache). With the cache down every body comes from DynamoDB. What a page of tweets costs, whichever list it shows.
 */
public final class TweetBodies {
    private static final Logger LOG = Logger.getLogger(TweetBodies.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final TweetCache cache;
    private final TweetStore tweets;

    public TweetBodies(TweetCache cache, TweetStore tweets) {
        this.cache = cache;
        this.tweets = tweets;
    }

    /** The tweets that exist, in the order of {@code ids}. */
    public List<Tweet> inOrder(List<String> ids) {
        Map<String, Tweet> found = byId(ids);
        return ids.stream().filter(found::containsKey).map(found::get).toList();
    }

    /** The tweets that exist, by id. */
    public Map<String, Tweet> byId(List<String> ids) {
        Map<String, Tweet> found = new HashMap<>();
        try {
            found.putAll(cache.get(ids));
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("tweet cache unavailable; reading DynamoDB", cacheDown);
        }
        List<String> missing = ids.stream().filter(id -> !found.containsKey(id)).distinct().toList();
        if (!missing.isEmpty()) {
            List<Tweet> loaded = tweets.findMany(missing);
            loaded.forEach(t -> found.put(t.id(), t));
            try {
                cache.put(loaded);
            } catch (RuntimeException cacheDown) {
                LOG.log(Level.FINE, "tweet cache unavailable", cacheDown);
            }
        }
        return found;
    }
}
