package com.scaleout.functions.social.application;

import java.util.List;
import java.util.Optional;

/** Each user's "you might like" candidates, best first, with their mutual counts. */
public interface RecommendationCache {
    Optional<List<Candidate>> get(String userId);

    void replace(String userId, List<Candidate> candidates);

    void remove(String userId, String candidateId);

    record Candidate(String userId, long mutuals) {
    }
}
