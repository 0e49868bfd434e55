package com.scaleout.functions.shared.failure;

import java.time.Duration;

/** The caller has spent its budget of requests for now; the same request passes after {@link #retryAfter()}. */
public final class TooManyRequestsException extends DomainException {
    private static final long serialVersionUID = 1L;
    private final Duration retryAfter;

    public TooManyRequestsException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
