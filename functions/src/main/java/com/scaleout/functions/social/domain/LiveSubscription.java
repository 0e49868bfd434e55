package com.scaleout.functions.social.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One stream a connection listens to: its normalized name, the key it is found by ({@link LiveStream#keyFor}), the
 * connection's user and session (absent for an anonymous one: a logout finds its session's subscriptions by it), a
 * search's terms (empty for other kinds), and when it goes with the connection at the latest.
 */
public record LiveSubscription(String connectionId, String stream, String listensTo, Optional<String> userId,
                               Optional<String> sessionId, List<String> terms, Instant expiresAt) {
    public LiveSubscription {
        terms = List.copyOf(terms);
    }

    public static LiveSubscription of(LiveConnection connection, LiveStream stream) {
        return new LiveSubscription(connection.connectionId(), stream.name(), stream.keyFor(connection.userId()),
                connection.userId(), connection.sessionId(), stream.terms(), connection.expiresAt());
    }

    /** Whether a tweet with these search terms reaches this subscription once found by its key. */
    public boolean wants(List<String> tweetTerms) {
        return terms.isEmpty() || LiveStream.searchMatches(terms, tweetTerms);
    }
}
