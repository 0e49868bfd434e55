package com.scaleout.functions.social.domain;

import com.scaleout.declaration.WebSocketApiSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A WebSocket connection of the live API: API Gateway's id, its user (absent when it connected without a token), and
 * when it opened. API Gateway closes it after {@link #MAX_DURATION} at the latest, so its items expire then.
 */
public record LiveConnection(String connectionId, Optional<String> userId, Instant connectedAt) {
    public static final Duration MAX_DURATION = Duration.ofSeconds(WebSocketApiSpec.MAX_CONNECTION_SECONDS);
    /** Streams one connection may listen to at once. */
    public static final int MAX_SUBSCRIPTIONS = 20;

    public Instant expiresAt() {
        return connectedAt.plus(MAX_DURATION);
    }
}
