package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Session;
import java.time.Duration;
import java.util.Optional;

/**
 * Sessions cached for the authorizer, and revocation markers that make a logout effective in the handlers at
 * once, while API Gateway may still hold an "allow" in its authorizer cache. A cache: every method may fail
 * (the caller then uses the store) and losing it loses nothing.
 */
public interface SessionCache {
    Optional<Session> get(String sessionId);

    void put(Session session);

    void evict(String sessionId);

    void markRevoked(String sessionId, Duration ttl);

    boolean isRevoked(String sessionId);

    /** Whether the session is marked revoked, and its cached copy: what a handler checks on every request. */
    record State(boolean revoked, Optional<Session> session) {
    }

    /** The marker and the cached session; a cache over the network reads both in one round trip. */
    default State state(String sessionId) {
        return new State(isRevoked(sessionId), get(sessionId));
    }
}
