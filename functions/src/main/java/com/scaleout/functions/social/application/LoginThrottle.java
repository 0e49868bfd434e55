package com.scaleout.functions.social.application;

import java.time.Duration;
import java.util.Optional;

/**
 * Limits password guessing: login attempts are counted per username and per source address over a window, each
 * before its password is checked, so that no more than the limit are ever checked however many arrive at once.
 * Past a limit, logins of that username (or from that address) are refused until the window ends, whether the
 * password is right or not, and unknown usernames count like known ones (so a refusal says nothing about an
 * account). An admitted attempt stays counted unless it succeeds.
 */
public interface LoginThrottle {
    /** Failed logins of one username that are tolerated in a window. */
    int PER_USERNAME = 5;
    /** Failed logins from one address (many usernames: a spraying attempt, or a shared NAT) in a window. */
    int PER_ADDRESS = 50;
    Duration WINDOW = Duration.ofMinutes(15);

    /**
     * Counts an attempt of this username from this address, before its password is checked. Empty when it may be
     * checked; otherwise how long logins of this username, or from this address, stay refused (a refused attempt
     * is not held against the other of the two).
     */
    Optional<Duration> admit(String username, Optional<String> address);

    /** A right password: the username's attempts are forgiven, and this attempt no longer counts for the address. */
    void succeeded(String username, Optional<String> address);

    /** No throttling (a function without a cache, and tests that do not look at it). */
    LoginThrottle NONE = new LoginThrottle() {
        @Override
        public Optional<Duration> admit(String username, Optional<String> address) {
            return Optional.empty();
        }

        @Override
        public void succeeded(String username, Optional<String> address) {
        }
    };
}
