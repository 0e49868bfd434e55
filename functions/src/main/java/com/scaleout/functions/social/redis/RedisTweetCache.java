package com.scaleout.functions.social.redis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.TweetCache;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tweet bodies as JSON under {@code tweet:{id}} for an hour; the tweets stream evicts a tweet whose counts
 * changed or that was deleted (see {@link #EVICTED}). Reads are single-key GETs, pipelined (no multi-key command, so nothing depends on
 * keys sharing a cluster slot).
 */
public final class RedisTweetCache implements TweetCache {
    static final long TTL_SECONDS = 3600;
    /**
     * An eviction leaves this for a minute instead of deleting the key, and fills only write a missing key: a
     * reader that loaded the tweet just before it changed cannot then put the stale copy back for an hour.
     */
    static final String EVICTED = "-";
    static final long EVICTED_SECONDS = 60;

    private final Optional<RedisLink> redis;

    public RedisTweetCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String key(String id) {
        return "tweet:{" + id + "}";
    }

    /** The cached form: flat and free of Optional, so plain Jackson reads and writes it. */
    record CachedTweet(String id, String authorId, String authorUsername, String text, String createdAt,
                       String inReplyTo, List<String> hashtags, List<String> mentionIds,
                       List<String> mentionUsernames, long replies, long retweets, long likes,
                       String inReplyToUsername) {

        static CachedTweet of(Tweet t) {
            return new CachedTweet(t.id(), t.authorId(), t.authorUsername(), t.text(), t.createdAt(),
                    t.inReplyTo().orElse(null), t.hashtags(), t.mentions().stream().map(Mention::userId).toList(),
                    t.mentions().stream().map(Mention::username).toList(), t.replies(), t.retweets(), t.likes(),
                    t.inReplyToUsername().orElse(null));
        }

        Tweet toTweet() {
            var mentions = new ArrayList<Mention>();
            for (int i = 0; i < Math.min(mentionIds.size(), mentionUsernames.size()); i++) {
                mentions.add(new Mention(mentionIds.get(i), mentionUsernames.get(i)));
            }
            return new Tweet(id, authorId, authorUsername, text, createdAt, Optional.ofNullable(inReplyTo), hashtags,
                    mentions, replies, retweets, likes, Optional.ofNullable(inReplyToUsername));
        }
    }

    @Override
    public Map<String, Tweet> get(List<String> ids) {
        var futures = new HashMap<String, RedisFuture<String>>();
        // one pipeline: one write and one round trip for the lot (async commands with auto-flush on go out one
        // write each, and on a fast network their replies interleave with the sending)
        Pipeline.run(connection(), pipeline -> {
            for (String id : ids) {
                futures.put(id, pipeline.add(pipeline.commands().get(key(id))));
            }
        });
        var found = new HashMap<String, Tweet>();
        for (var entry : futures.entrySet()) {
            String json = entry.getValue().toCompletableFuture().join(); // done: the pipeline awaited every reply
            if (json == null || EVICTED.equals(json)) {
                continue;
            }
            try {
                found.put(entry.getKey(), Json.MAPPER.readValue(json, CachedTweet.class).toTweet());
            } catch (JsonProcessingException e) {
                // an entry of another shape (an older version): treat as a miss
            }
        }
        return found;
    }

    @Override
    public void put(Collection<Tweet> tweets) {
        if (tweets.isEmpty()) {
            return;
        }
        Pipeline.run(connection(), pipeline -> {
            for (Tweet tweet : tweets) {
                pipeline.add(pipeline.commands().set(key(tweet.id()), Json.write(CachedTweet.of(tweet)),
                        SetArgs.Builder.nx().ex(TTL_SECONDS)));
            }
        });
    }

    @Override
    public void evict(String tweetId) {
        connection().sync().set(key(tweetId), EVICTED, SetArgs.Builder.ex(EVICTED_SECONDS));
    }
}
