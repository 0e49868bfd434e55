package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.SessionStore;
import com.scaleout.functions.social.domain.Session;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Sessions in memory. Expired ones stay until deleted, as DynamoDB's lazy TTL lets them: readers check. */
public final class InMemorySessionStore implements SessionStore {
    private final Map<String, Session> byId = new ConcurrentHashMap<>();

    @Override
    public void save(Session session) {
        byId.put(session.id(), session);
    }

    @Override
    public Optional<Session> find(String sessionId) {
        return Optional.ofNullable(byId.get(sessionId));
    }

    @Override
    public void delete(String sessionId) {
        byId.remove(sessionId);
    }
}
