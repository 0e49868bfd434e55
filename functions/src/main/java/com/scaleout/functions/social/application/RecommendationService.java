package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.social.domain.User;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * "You might like": accounts followed by the accounts the caller follows, not followed yet, ranked by how many
 * of the caller's followees follow them. Up to {@link #CACHED} are computed and cached; the list is recomputed
 * when fewer than {@link #SHOWN} of them are still candidates (the caller followed the others).
 */
public final class RecommendationService {
    static final int CACHED = 100;
    static final int SHOWN = 10;
    /** Followees whose own followees are counted: bounds the work for someone following very many. */
    static final int FOLLOWEES_SAMPLED = 500;
    private static final Logger LOG = Logger.getLogger(RecommendationService.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final RecommendationCache cache;
    private final SocialGraph graph;
    private final UserStore users;

    public RecommendationService(RecommendationCache cache, SocialGraph graph, UserStore users) {
        this.cache = cache;
        this.graph = graph;
        this.users = users;
    }

    public record Recommendation(User user, long mutuals) {
    }

    public List<Recommendation> recommend(Actor actor) {
        String userId = actor.userId();
        Set<String> following = graph.following(userId);
        Optional<List<RecommendationCache.Candidate>> cached = cached(userId);
        List<RecommendationCache.Candidate> candidates = cached.map(list -> stillCandidates(list, userId,
                following)).orElse(List.of());
        // Refilled when fewer than SHOWN remain, as the seed did. For someone with fewer candidates than that in
        // all (a small graph), that is every request: the graph may have grown since, and the work is small.
        if (candidates.size() < SHOWN) {
            candidates = compute(userId, following);
            try {
                cache.replace(userId, candidates);
            } catch (RuntimeException cacheDown) {
                LOG.log(Level.FINE, "recommendation cache unavailable", cacheDown);
            }
        }
        var shown = candidates.subList(0, Math.min(SHOWN, candidates.size()));
        Map<String, User> byId = new HashMap<>();
        users.findByIds(shown.stream().map(RecommendationCache.Candidate::userId).toList())
                .forEach(u -> byId.put(u.id(), u));
        return shown.stream().filter(c -> byId.containsKey(c.userId()))
                .map(c -> new Recommendation(byId.get(c.userId()), c.mutuals())).toList();
    }

    private Optional<List<RecommendationCache.Candidate>> cached(String userId) {
        try {
            return cache.get(userId);
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("recommendation cache unavailable; computing", cacheDown);
            return Optional.empty();
        }
    }

    private static List<RecommendationCache.Candidate> stillCandidates(List<RecommendationCache.Candidate> list,
                                                                       String userId, Set<String> following) {
        return list.stream().filter(c -> !c.userId().equals(userId) && !following.contains(c.userId())).toList();
    }

    List<RecommendationCache.Candidate> compute(String userId, Set<String> following) {
        var mutuals = new HashMap<String, Long>();
        following.stream().sorted().limit(FOLLOWEES_SAMPLED).forEach(followee -> {
            for (String candidate : graph.following(followee)) {
                if (!candidate.equals(userId) && !following.contains(candidate)) {
                    mutuals.merge(candidate, 1L, Long::sum);
                }
            }
        });
        return mutuals.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(CACHED)
                .map(e -> new RecommendationCache.Candidate(e.getKey(), e.getValue()))
                .toList();
    }
}
