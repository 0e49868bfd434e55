package com.scaleout.functions.social.application;

/** Sends a message to a live connection (API Gateway's management API, PostToConnection). */
public interface ConnectionPoster {
    enum Outcome {
        DELIVERED,
        /** The connection is closed: its items are to go. */
        GONE
    }

    /**
     * Posts one text message; {@link Outcome#GONE} when the connection no longer exists. Any other failure is thrown.
     */
    Outcome post(String connectionId, String message);
}
