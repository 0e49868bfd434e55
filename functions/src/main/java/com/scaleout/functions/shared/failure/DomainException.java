package com.scaleout.functions.shared.failure;

/**
 * What the application refuses, named for what is wrong rather than for an HTTP status: the HTTP edge maps each kind to
 * its answer ({@code ApiException.from}), as the import API maps its own failures to Stitch's answers. Flow, not a
 * fault: no stack trace.
 */
public abstract sealed class DomainException extends RuntimeException permits InvalidInputException,
        NotFoundException, ConflictException, ForbiddenException, NotAuthenticatedException, TooLargeException,
        UnavailableException, TooManyRequestsException {
    private static final long serialVersionUID = 1L;

    protected DomainException(String message) {
        super(message, null, false, false);
    }
}
