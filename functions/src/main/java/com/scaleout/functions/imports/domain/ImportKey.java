package com.scaleout.functions.imports.domain;

import java.time.Instant;
import java.util.Optional;

/** An import API key as stored: bound to one client, kept only as the SHA-256 of its token. */
public record ImportKey(String keyId, long clientId, String name, String tokenHash, Instant createdAt,
                        Optional<Instant> revokedAt) {

    public boolean isActive() {
        return revokedAt.isEmpty();
    }
}
