package com.scaleout.functions.social.application;

import at.favre.lib.crypto.bcrypt.BCrypt;
import at.favre.lib.crypto.bcrypt.LongPasswordStrategies;
import java.nio.charset.StandardCharsets;

/**
 * BCrypt (cost from {@code BCRYPT_COST}, default 10). Passwords may be longer than BCrypt's 72 bytes, so longer
 * ones are pre-hashed with SHA-512 instead of being silently truncated.
 */
public final class PasswordHasher {
    private static final BCrypt.Version VERSION = BCrypt.Version.VERSION_2B;
    private final int cost;
    private final BCrypt.Hasher hasher = BCrypt.with(VERSION, LongPasswordStrategies.hashSha512(VERSION));
    private final BCrypt.Verifyer verifyer = BCrypt.verifyer(VERSION, LongPasswordStrategies.hashSha512(VERSION));
    private volatile String decoy;

    public PasswordHasher(int cost) {
        this.cost = cost;
    }

    public String hash(String password) {
        return hasher.hashToString(cost, password.toCharArray());
    }

    public boolean matches(String password, String hash) {
        return verifyer.verify(password.getBytes(StandardCharsets.UTF_8), hash.getBytes(StandardCharsets.UTF_8))
                .verified;
    }

    /** Spends the time of a real check when there is no account, so timing does not tell which is wrong. */
    public void matchDecoy(String password) {
        if (decoy == null) {
            decoy = hash("decoy-password-for-timing");
        }
        matches(password, decoy);
    }
}
