package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.SessionCache;
import com.scaleout.functions.social.domain.Session;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session cache in memory. It can be switched off, to play Redis being down: then every call fails, as the
 * real cache's do. Revocation markers do not expire here; tests run well inside any TTL.
 */
public final class InMemorySessionCache implements SessionCache {
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final Set<String> revoked = ConcurrentHashMap.newKeySet();
    private volatile boolean available = true;

    public void setAvailable(boolean available) {
        this.available = available;
    }

    /** A flush or a restart of the cache: sessions and revocation markers gone. */
    public void clear() {
        sessions.clear();
        revoked.clear();
    }

    @Override
    public Optional<Session> get(String sessionId) {
        checkAvailable();
        return Optional.ofNullable(sessions.get(sessionId));
    }

    @Override
    public void put(Session session) {
        checkAvailable();
        sessions.put(session.id(), session);
    }

    @Override
    public void evict(String sessionId) {
        checkAvailable();
        sessions.remove(sessionId);
    }

    @Override
    public void markRevoked(String sessionId, Duration ttl) {
        checkAvailable();
        revoked.add(sessionId);
    }

    @Override
    public boolean isRevoked(String sessionId) {
        checkAvailable();
        return revoked.contains(sessionId);
    }

    private void checkAvailable() {
        if (!available) {
            throw new IllegalStateException("session cache is down");
        }
    }
}
