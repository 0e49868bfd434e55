package com.scaleout.functions.shared.failure;

/** The input is larger than the operation takes. */
public final class TooLargeException extends DomainException {
    private static final long serialVersionUID = 1L;

    public TooLargeException(String message) {
        super(message);
    }
}
