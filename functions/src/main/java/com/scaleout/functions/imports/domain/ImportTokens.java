package com.scaleout.functions.imports.domain;

import com.scaleout.functions.shared.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Import tokens: {@code <keyId>.<secret>}, 96 random bits of id and 256 of secret, base64url. The key id lets a
 * lookup be one GetItem; only the token's SHA-256 is stored (a random 256-bit secret needs no slow hash), and
 * it is compared in constant time.
 */
public final class ImportTokens {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private ImportTokens() {
    }

    /** A new key id and its token, shown to the caller once. */
    public record Issued(String keyId, String token) {
    }

    /**
     * A key id begins with a letter or digit: one that begins with '-' (one in 32 of base64url's) is taken for an
     * option by the command lines people paste it into, {@code ./scaleout import-key revoke} among them.
     */
    public static Issued issue() {
        String keyId = random(12);
        while (!Character.isLetterOrDigit(keyId.charAt(0))) {
            keyId = random(12);
        }
        return new Issued(keyId, keyId + "." + random(32));
    }

    /** The key id a token names, if it has the shape of one. */
    public static Optional<String> keyIdOf(String token) {
        int dot = token.indexOf('.');
        if (dot != 16 || token.length() != 16 + 1 + 43) {
            return Optional.empty();
        }
        return Optional.of(token.substring(0, dot));
    }

    /** Whether {@code keyId} could name a key (16 base64url characters): anything else names none. */
    public static boolean isKeyId(String keyId) {
        return keyId != null && keyId.length() == 16 && keyId.chars().allMatch(c -> (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
    }

    public static String hash(String token) {
        return Digests.sha256Hex(token);
    }

    public static boolean matches(String token, String storedHash) {
        return MessageDigest.isEqual(hash(token).getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }

    private static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return BASE64URL.encodeToString(value);
    }
}
