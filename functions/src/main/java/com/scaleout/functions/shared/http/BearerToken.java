package com.scaleout.functions.shared.http;

import java.util.Optional;

/** The token of an {@code Authorization: Bearer <token>} header (scheme case-insensitive, as RFC 6750 allows). */
public final class BearerToken {
    private BearerToken() {
    }

    public static Optional<String> of(String header) {
        if (header == null) {
            return Optional.empty();
        }
        String trimmed = header.strip();
        if (trimmed.length() < 7 || !trimmed.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.empty();
        }
        String token = trimmed.substring(7).strip();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }
}
