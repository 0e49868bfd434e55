package com.scaleout.functions.shared.failure;

/** Not now: something the operation needs did not answer; the same request may pass in a moment. */
public final class UnavailableException extends DomainException {
    private static final long serialVersionUID = 1L;

    public UnavailableException(String message) {
        super(message);
    }
}
