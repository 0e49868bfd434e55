package com.scaleout.local.websocket;

import com.scaleout.declaration.WebSocketApiSpec;
import java.time.Duration;

/**
 * The WebSocket APIs' limits that tests shorten: how long a connection may sit idle and last at all (API Gateway's
 * 10 minutes and 2 hours, after which it closes the connection with 1001 "Going away"), and how many new
 * connections the account takes per second (API Gateway's quota "new connections per second per account across all
 * WebSocket APIs per Region", 500, adjustable; a handshake over it is refused with 429). Message and frame sizes are
 * not configurable: they are API Gateway's fixed ones ({@link WebSocketApiSpec#MAX_MESSAGE_BYTES}).
 */
public record LiveLimits(Duration idleTimeout, Duration maxDuration, double newConnectionsPerSecond,
                         int newConnectionBurst) {
    /** API Gateway's quota of new connections per second, per account and Region. */
    public static final int AWS_NEW_CONNECTIONS_PER_SECOND = 500;

    public LiveLimits {
        if (idleTimeout.isNegative() || idleTimeout.isZero() || maxDuration.isNegative() || maxDuration.isZero()) {
            throw new IllegalArgumentException("a WebSocket connection's idle timeout and duration must be positive");
        }
        if (!(newConnectionsPerSecond > 0) || newConnectionBurst < 1) {
            throw new IllegalArgumentException("the new connections' rate and burst must be positive");
        }
    }

    /** API Gateway's own. */
    public static LiveLimits aws() {
        return new LiveLimits(Duration.ofSeconds(WebSocketApiSpec.IDLE_TIMEOUT_SECONDS),
                Duration.ofSeconds(WebSocketApiSpec.MAX_CONNECTION_SECONDS), AWS_NEW_CONNECTIONS_PER_SECOND,
                AWS_NEW_CONNECTIONS_PER_SECOND);
    }

    public LiveLimits withIdleTimeout(Duration idle) {
        return new LiveLimits(idle, maxDuration, newConnectionsPerSecond, newConnectionBurst);
    }

    public LiveLimits withMaxDuration(Duration max) {
        return new LiveLimits(idleTimeout, max, newConnectionsPerSecond, newConnectionBurst);
    }

    public LiveLimits withNewConnections(double perSecond, int burst) {
        return new LiveLimits(idleTimeout, maxDuration, perSecond, burst);
    }
}
