package com.scaleout.functions.social.application;

import java.time.Duration;
import java.util.Optional;

/**
 * Limits password guessing: login attempts are counted per username and per source address over a window, each
 * before its password is checked, so that no more than the limit are ever checked however many arrive at once.
 * Past the username's limit, its logins are refused until the window ends, whether the password is right or not
 * (unknown usernames count like known ones). Past the address's limit, only attempts on usernames that name no
 * account are refused: one client behind a shared address (a carrier's NAT) that fails fifty times cannot lock
 * everyone else out, while spraying invented names from one address still stops. That an address past its limit
 * is answered 429 for an unknown name and 401 for a known one tells which names are accounts, which every profile
 * page says anyway. An admitted attempt stays counted unless it succeeds.
 */
public interface LoginThrottle {
    /** Failed logins of one username that are tolerated in a window. */
    int PER_USERNAME = 5;
    /** Failed logins from one address (many usernames: a spraying attempt, or a shared NAT) in a window. */
    int PER_ADDRESS = 50;
    Duration WINDOW = Duration.ofMinutes(15);

    /**
     * What a counted attempt may do: refused outright while its username is past the limit; else checked, unless its
     * address is past the limit and the username names no account (then refused for that long).
     */
    record Admission(Optional<Duration> usernameRefused, Optional<Duration> unknownUsernameRefused) {
        public static final Admission CHECKED = new Admission(Optional.empty(), Optional.empty());
    }

    /** Counts an attempt of this username from this address, before its password is checked. */
    Admission admit(String username, Optional<String> address);

    /** A right password: the username's attempts are forgiven, and this attempt no longer counts for the address. */
    void succeeded(String username, Optional<String> address);

    /** No throttling (a function without a cache, and tests that do not look at it). */
    LoginThrottle NONE = new LoginThrottle() {
        @Override
        public Admission admit(String username, Optional<String> address) {
            return Admission.CHECKED;
        }

        @Override
        public void succeeded(String username, Optional<String> address) {
        }
    };
}
