package com.scaleout.functions.shared.failure;

/** What the operation names does not exist. */
public final class NotFoundException extends DomainException {
    private static final long serialVersionUID = 1L;

    public NotFoundException(String message) {
        super(message);
    }
}
