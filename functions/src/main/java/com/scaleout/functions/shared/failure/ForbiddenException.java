package com.scaleout.functions.shared.failure;

/** The caller is known but may not do this to what it names. */
public final class ForbiddenException extends DomainException {
    private static final long serialVersionUID = 1L;

    public ForbiddenException(String message) {
        super(message);
    }
}
