package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.SearchCache;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.SetArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Pages under {@code search:{query}} (JSON: stamp, ids, cursor) for {@value #PAGE_TTL_SECONDS} s at most;
 * generations under {@code search-gen:{term}}, kept a day (far longer than any page), advanced by INCR. Single-key
 * commands only, pipelined: a lookup is one round trip.
 */
public final class RedisSearchCache implements SearchCache {
    static final long PAGE_TTL_SECONDS = 300;
    static final long GENERATION_TTL_SECONDS = 86_400;

    private final Optional<RedisLink> redis;

    public RedisSearchCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String pageKey(String query) {
        return "search:{" + query + "}";
    }

    static String generationKey(String term) {
        return "search-gen:{" + term + "}";
    }

    record StoredPage(String stamp, List<String> tweetIds, String next) {
    }

    @Override
    public Lookup lookup(String query, List<String> terms) {
        var async = connection().async();
        RedisFuture<String> page = async.get(pageKey(query));
        var generations = new ArrayList<RedisFuture<String>>();
        for (String term : terms) {
            generations.add(async.get(generationKey(term)));
        }
        try {
            var stamp = new StringBuilder();
            for (RedisFuture<String> generation : generations) {
                String value = generation.get(2, TimeUnit.SECONDS);
                if (value == null) {
                    // no generation (a term never indexed, or its counter expired or was evicted): a stamp of
                    // "0" could match a page stored before, so nothing is served or stored for this query
                    return new Lookup(Optional.empty(), null);
                }
                stamp.append(value).append(',');
            }
            String json = page.get(2, TimeUnit.SECONDS);
            if (json != null) {
                StoredPage stored = Json.MAPPER.readValue(json, StoredPage.class);
                if (stored.stamp().contentEquals(stamp)) {
                    return new Lookup(Optional.of(new CachedPage(stored.tweetIds(), stored.next())), stamp.toString());
                }
            }
            return new Lookup(Optional.empty(), stamp.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException("search cache read failed", e);
        }
    }

    @Override
    public void put(String query, String stamp, CachedPage page) {
        if (stamp == null) {
            return;
        }
        connection().sync().set(pageKey(query), Json.write(new StoredPage(stamp, page.tweetIds(), page.next())),
                SetArgs.Builder.ex(PAGE_TTL_SECONDS));
    }

    @Override
    public void invalidate(List<String> terms) {
        Pipeline.run(connection(), pipeline -> {
            for (String term : terms) {
                pipeline.add(pipeline.commands().incr(generationKey(term)));
                pipeline.add(pipeline.commands().expire(generationKey(term), GENERATION_TTL_SECONDS));
            }
        });
    }
}
