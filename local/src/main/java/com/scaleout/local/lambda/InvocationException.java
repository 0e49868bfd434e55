package com.scaleout.local.lambda;

/** Why an invocation produced no result, in the terms Lambda reports it. */
public class InvocationException extends Exception {
    private final Kind kind;

    public enum Kind {
        /**
         * Lambda's 429 TooManyRequests: the function's reservation or the account's limit is all in use, or it needs
         * new environments faster than Lambda's scaling rate.
         */
        THROTTLED,
        /** The function ran past its timeout (Task timed out). */
        TIMEOUT,
        /** The handler (or its constructor, during init) threw, or its answer is over Lambda's payload limit. */
        FUNCTION_ERROR,
        /** Lambda's RequestEntityTooLargeException: the event is over the payload limit, and nothing ran. */
        PAYLOAD_TOO_LARGE
    }

    public InvocationException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
