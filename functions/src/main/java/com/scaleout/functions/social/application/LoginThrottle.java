package com.scaleout.functions.social.application;

import java.time.Duration;
import java.util.Optional;

/**
 * Limits password guessing: failed logins are counted per username and per source address over a window; past a
 * limit, logins of that username (or from that address) are refused until the window ends, whether the password
 * is right or not, and unknown usernames count like known ones (so a refusal says nothing about an account).
 */
public interface LoginThrottle {
    /** Failed logins of one username that are tolerated in a window. */
    int PER_USERNAME = 5;
    /** Failed logins from one address (many usernames: a spraying attempt, or a shared NAT) in a window. */
    int PER_ADDRESS = 50;
    Duration WINDOW = Duration.ofMinutes(15);

    /** How long logins of this username, or from this address, stay refused; empty when they are allowed. */
    Optional<Duration> refusedFor(String username, Optional<String> address);

    void failed(String username, Optional<String> address);

    /** A right password: the username's failures are forgiven (the address's are not). */
    void succeeded(String username);

    /** No throttling (a function without a cache, and tests that do not look at it). */
    LoginThrottle NONE = new LoginThrottle() {
        @Override
        public Optional<Duration> refusedFor(String username, Optional<String> address) {
            return Optional.empty();
        }

        @Override
        public void failed(String username, Optional<String> address) {
        }

        @Override
        public void succeeded(String username) {
        }
    };
}
