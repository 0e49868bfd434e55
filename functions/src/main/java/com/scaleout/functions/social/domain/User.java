package com.scaleout.functions.social.domain;

/** An account, with the counts kept beside it in the same item. */
public record User(
        String id,
        String username,
        String displayName,
        String createdAt,
        String passwordHash,
        long followers,
        long following,
        long tweets) {

    @Override
    public String toString() {
        return "User[id=" + id + ", username=" + username + "]"; // never the password hash
    }
}
