package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Session;
import java.util.Optional;

/** The durable record of logins (DynamoDB, expiring by TTL). */
public interface SessionStore {
    void save(Session session);

    Optional<Session> find(String sessionId);

    void delete(String sessionId);
}
