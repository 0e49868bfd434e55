package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.User;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Accounts and the username → id mapping, kept unique regardless of case. */
public interface UserStore {

    /** Stores a new account; throws {@link UsernameTaken} when the username (in any case) exists. */
    void create(User user);

    Optional<User> findById(String id);

    Optional<User> findByUsername(String username);

    /** The id the username points at, without the account: one read where a route needs only whose it is. */
    Optional<String> findIdByUsername(String username);

    /**
     * What a login checks, in one read whether the username exists or not: a failed login must take as long for an
     * unknown username as for a wrong password (a second read only for known ones would tell them apart).
     */
    Optional<Credentials> findCredentials(String username);

    /** The accounts among these normalized usernames that exist, by normalized username. */
    Map<String, Mention> resolveUsernames(Collection<String> normalizedUsernames);

    /**
     * Sets what {@code edit} names on the account and answers it as it is then; empty if there is no such account.
     */
    Optional<User> editProfile(String userId, ProfileEdit edit);

    /** The accounts with these ids, in the given order; unknown ids are skipped. */
    List<User> findByIds(List<String> ids);

    /**
     * What a profile edit sets: each field present is written, each absent is left as it is. A bio of "" removes it.
     */
    record ProfileEdit(Optional<String> displayName, Optional<String> bio) {
    }

    /** An account's id and password hash. */
    record Credentials(String userId, String passwordHash) {
        @Override
        public String toString() {
            return "Credentials[userId=" + userId + "]"; // never the hash
        }
    }

    final class UsernameTaken extends RuntimeException {
        public UsernameTaken() {
            super("username taken", null, false, false);
        }
    }
}
