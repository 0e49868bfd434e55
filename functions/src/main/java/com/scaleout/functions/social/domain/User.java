package com.scaleout.functions.social.domain;

/** An account, with the counts kept beside it in the same item; {@code bio} is null when the user wrote none. */
public record User(
        String id,
        String username,
        String displayName,
        String createdAt,
        String passwordHash,
        long followers,
        long following,
        long tweets,
        String bio) {

    /** An account without a bio (a new one, or one that never wrote one). */
    public User(String id, String username, String displayName, String createdAt, String passwordHash, long followers,
                long following, long tweets) {
        this(id, username, displayName, createdAt, passwordHash, followers, following, tweets, null);
    }

    @Override
    public String toString() {
        return "User[id=" + id + ", username=" + username + "]"; // never the password hash
    }
}
