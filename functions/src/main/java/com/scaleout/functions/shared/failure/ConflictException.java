package com.scaleout.functions.shared.failure;

/** The operation conflicts with what exists (a name taken, an id used for something else). */
public final class ConflictException extends DomainException {
    private static final long serialVersionUID = 1L;

    public ConflictException(String message) {
        super(message);
    }
}
