package com.scaleout.functions.social.application;

import java.time.Duration;
import java.util.Optional;

/**
 * How many messages one live connection may send: {@link #MESSAGES} in each {@link #WINDOW}, counted before any of
 * them is read. API Gateway throttles the stage as a whole, never a connection, so one client could otherwise keep
 * the Live function busy for everybody; a page that subscribes to its few streams, or a search typed and retyped,
 * stays far below it.
 */
public interface MessageBudget {
    int MESSAGES = 30;
    Duration WINDOW = Duration.ofSeconds(10);

    /** Counts a message of the connection: empty when it may be served, else how long until the budget is back. */
    Optional<Duration> spend(String connectionId);

    /** No budget (tests that do not look at it). */
    MessageBudget NONE = connectionId -> Optional.empty();
}
