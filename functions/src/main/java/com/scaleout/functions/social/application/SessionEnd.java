package com.scaleout.functions.social.application;

/** What else ends with a session, told by a logout once the session itself is gone. */
@FunctionalInterface
public interface SessionEnd {
    void ended(Actor actor);

    /** Nothing else (a function without live connections to end, and tests that do not look at it). */
    SessionEnd NONE = actor -> { };
}
