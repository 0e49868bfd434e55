package com.scaleout.local.contract;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The credentials and known ids the generated requests use: a user's session, spare sessions of the same user for
 * log-outs (which end the session they carry), an import key, the admin key, and a tweet that exists.
 */
final class Callers {
    final String username;
    final String sessionToken;
    final String importToken;
    final long importClientId;
    final String adminKey;
    final String tweetId;
    private final Deque<String> spareSessions;

    Callers(String username, String sessionToken, List<String> spareSessions, String importToken, long importClientId,
            String adminKey, String tweetId) {
        this.username = username;
        this.sessionToken = sessionToken;
        this.spareSessions = new ArrayDeque<>(spareSessions);
        this.importToken = importToken;
        this.importClientId = importClientId;
        this.adminKey = adminKey;
        this.tweetId = tweetId;
    }

    /** A session a log-out may end, or null once the spares are used up (the shared one must stay valid). */
    synchronized String sessionToEnd() {
        return spareSessions.poll();
    }
}
