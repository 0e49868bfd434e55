package com.scaleout.functions.shared.failure;

/** The caller is not who it says, or not signed in (any longer). */
public final class NotAuthenticatedException extends DomainException {
    private static final long serialVersionUID = 1L;

    public NotAuthenticatedException(String message) {
        super(message);
    }
}
