package com.scaleout.functions.social.domain;

import java.time.Instant;

/** A login: stored under the SHA-256 of its token (the token itself is never stored). */
public record Session(String id, String userId, String username, Instant createdAt, Instant expiresAt) {

    public boolean isActiveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
