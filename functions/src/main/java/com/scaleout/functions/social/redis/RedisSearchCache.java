package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.http.Json;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.SearchCache;
import io.lettuce.core.SetArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * First pages under {@code search:{query}} (JSON of ids and cursor) for {@value #TTL_SECONDS} s at most, and for
 * each term a set {@code search-term:{term}} of the cached queries that have it. A tweet's arrival or deletion
 * drops those queries: single-key commands only, pipelined.
 */
public final class RedisSearchCache implements SearchCache {
    static final long TTL_SECONDS = 300;

    private final Optional<RedisConnection> redis;

    public RedisSearchCache(Optional<RedisConnection> redis) {
        this.redis = redis;
    }

    private io.lettuce.core.api.StatefulRedisConnection<String, String> connection() {
        return redis.orElseThrow(() -> new IllegalStateException("REDIS_URL is not configured")).get();
    }

    static String pageKey(String query) {
        return "search:{" + query + "}";
    }

    static String termKey(String term) {
        return "search-term:{" + term + "}";
    }

    @Override
    public Optional<CachedPage> get(String query) {
        String json = connection().sync().get(pageKey(query));
        if (json == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readValue(json, CachedPage.class));
        } catch (Exception otherShape) {
            return Optional.empty();
        }
    }

    @Override
    public void put(String query, List<String> terms, CachedPage page) {
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            // the term sets first: a tweet arriving in between then finds the query to drop
            for (String term : terms) {
                pipeline.add(commands.sadd(termKey(term), query));
                pipeline.add(commands.expire(termKey(term), TTL_SECONDS));
            }
            pipeline.add(commands.set(pageKey(query), Json.write(page), SetArgs.Builder.ex(TTL_SECONDS)));
        });
    }

    @Override
    public void invalidate(List<String> terms) {
        var sync = connection().sync();
        var queries = new ArrayList<String>();
        for (String term : terms) {
            queries.addAll(sync.smembers(termKey(term)));
        }
        if (queries.isEmpty()) {
            return;
        }
        Pipeline.run(connection(), pipeline -> {
            for (String query : queries) {
                pipeline.add(pipeline.commands().del(pageKey(query)));
            }
        });
    }
}
