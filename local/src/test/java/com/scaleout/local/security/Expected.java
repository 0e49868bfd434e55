package com.scaleout.local.security;

/** What one cell of the auth matrix must answer. */
sealed interface Expected {
    Expected PAST_AUTH = new PastAuth();
    Expected IGNORED = new Ignored();

    static Expected status(int code) {
        return new Status(code);
    }

    /** How the cell's test is named after the arrow. */
    String describe();

    /** Exactly this status. */
    record Status(int code) implements Expected {
        @Override
        public String describe() {
            return Integer.toString(code);
        }
    }

    /** The credential is accepted: whatever the route answers, it is neither 401 nor 403 (nor a 5xx). */
    record PastAuth() implements Expected {
        @Override
        public String describe() {
            return "past auth";
        }
    }

    /** A public route: the same status as the same request without any credential. */
    record Ignored() implements Expected {
        @Override
        public String describe() {
            return "ignored";
        }
    }
}
