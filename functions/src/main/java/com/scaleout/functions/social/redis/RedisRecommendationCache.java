package com.scaleout.functions.social.redis;

import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.redis.RedisConnection;
import com.scaleout.functions.social.application.RecommendationCache;
import io.lettuce.core.ScoredValue;
import java.util.List;
import java.util.Optional;

/**
 * Candidates in a sorted set {@code recs:{userId}} scored by mutual count, with the marker {@value #BUILT}
 * (score -1) once computed, so an empty result is remembered too; kept an hour, refilled sooner when it runs low.
 */
public final class RedisRecommendationCache implements RecommendationCache {
    static final String BUILT = "!";
    static final long TTL_SECONDS = 3600;

    private final Optional<RedisLink> redis;

    public RedisRecommendationCache(Optional<RedisLink> redis) {
        this.redis = redis;
    }

    private RedisConnection connection() {
        return RedisLink.required(redis);
    }

    static String key(String userId) {
        return "recs:{" + userId + "}";
    }

    @Override
    public Optional<List<Candidate>> get(String userId) {
        List<ScoredValue<String>> scored = connection().sync().zrevrangeWithScores(key(userId), 0, -1);
        if (scored.stream().noneMatch(s -> s.getValue().equals(BUILT))) {
            return Optional.empty();
        }
        // ZREVRANGE orders equal scores by descending member; candidates rank ties by ascending id
        return Optional.of(scored.stream().filter(s -> !s.getValue().equals(BUILT))
                .map(s -> new Candidate(s.getValue(), (long) s.getScore()))
                .sorted(java.util.Comparator.comparingLong(Candidate::mutuals).reversed()
                        .thenComparing(Candidate::userId))
                .toList());
    }

    @Override
    public void replace(String userId, List<Candidate> candidates) {
        String key = key(userId);
        Pipeline.run(connection(), pipeline -> {
            var commands = pipeline.commands();
            pipeline.add(commands.del(key)); // a recomputation replaces the list: old candidates may be stale
            for (Candidate candidate : candidates) {
                pipeline.add(commands.zadd(key, candidate.mutuals(), candidate.userId()));
            }
            pipeline.add(commands.zadd(key, -1, BUILT)); // last: a reader never sees a half-written list as built
            pipeline.add(commands.expire(key, TTL_SECONDS));
        });
    }

    @Override
    public void remove(String userId, String candidateId) {
        connection().sync().zrem(key(userId), candidateId);
    }
}
