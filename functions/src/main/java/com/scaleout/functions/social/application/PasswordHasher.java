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
    /** Salt and hash of the decoy: any well-formed 53 characters of BCrypt's base64; no password matches them. */
    private static final String DECOY_SALT_AND_HASH = "DecoySaltForTimingOnly" + "NoPasswordMatchesThisHashAtAll.";
    private final int cost;
    private final BCrypt.Hasher hasher = BCrypt.with(VERSION, LongPasswordStrategies.hashSha512(VERSION));
    private final BCrypt.Verifyer verifyer = BCrypt.verifyer(VERSION, LongPasswordStrategies.hashSha512(VERSION));
    private final byte[] decoy;

    public PasswordHasher(int cost) {
        this.cost = cost;
        // Written rather than hashed: the first unknown username would otherwise pay for a hash and a check,
        // twice a real check's time, and a cold function would pay for it at start.
        this.decoy = String.format("$2b$%02d$%s", cost, DECOY_SALT_AND_HASH).getBytes(StandardCharsets.UTF_8);
    }

    public String hash(String password) {
        return hasher.hashToString(cost, password.toCharArray());
    }

    public boolean matches(String password, String hash) {
        return verify(password, hash.getBytes(StandardCharsets.UTF_8)).verified;
    }

    /**
     * Spends the time of a real check (the same cost, the same pre-hash of long passwords) when there is no
     * account, so timing does not tell an unknown username from a wrong password.
     */
    public void matchDecoy(String password) {
        var result = verify(password, decoy);
        if (!result.validFormat) {
            throw new IllegalStateException("the decoy hash is malformed: " + result.formatErrorMessage);
        }
    }

    /** The verification of the decoy, for the test that it costs what a real check costs. */
    BCrypt.Result verifyDecoy(String password) {
        return verify(password, decoy);
    }

    private BCrypt.Result verify(String password, byte[] hash) {
        return verifyer.verify(password.getBytes(StandardCharsets.UTF_8), hash);
    }
}
