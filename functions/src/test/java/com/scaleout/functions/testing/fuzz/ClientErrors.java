package com.scaleout.functions.testing.fuzz;

import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.shared.http.ApiException;

/** What a parser may throw at bad input: a client error that says what is wrong, nothing else. */
public final class ClientErrors {
    private ClientErrors() {
    }

    /** What the application refused, as the HTTP edge answers it. */
    public static void requireClientError(DomainException e) {
        requireClientError(ApiException.from(e));
    }

    public static void requireClientError(ApiException e) {
        if (e.status() < 400 || e.status() >= 500 || e.getMessage() == null || e.getMessage().isBlank()) {
            throw new AssertionError("not a client error with a message: " + e.status() + " " + e.getMessage(), e);
        }
    }
}
