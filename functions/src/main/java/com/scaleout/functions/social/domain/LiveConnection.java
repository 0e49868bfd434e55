package com.scaleout.functions.social.domain;

import com.scaleout.declaration.WebSocketApiSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A WebSocket connection of the live API: API Gateway's id, its user and the session it connected with (both absent
 * when it connected without a token), when it opened, and how many streams it listens to. API Gateway closes it
 * after {@link #MAX_DURATION} at the latest, so its items expire then.
 */
public record LiveConnection(String connectionId, Optional<String> userId, Optional<String> sessionId,
                             Instant connectedAt, int subscriptions) {
    public static final Duration MAX_DURATION = Duration.ofSeconds(WebSocketApiSpec.MAX_CONNECTION_SECONDS);
    /** Streams one connection may listen to at once. */
    public static final int MAX_SUBSCRIPTIONS = 20;

    /** A connection that has just opened: no subscriptions yet. */
    public static LiveConnection opened(String connectionId, Optional<Session> session, Instant connectedAt) {
        return new LiveConnection(connectionId, session.map(Session::userId), session.map(Session::id), connectedAt,
                0);
    }

    public Instant expiresAt() {
        return connectedAt.plus(MAX_DURATION);
    }

    /** Whether it listens to as many streams as it may. */
    public boolean isFull() {
        return subscriptions >= MAX_SUBSCRIPTIONS;
    }
}
