package com.scaleout.warehouse.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Short hashes that keep two names apart once they have been shortened or changed to fit a catalog. */
final class Hashes {
    private Hashes() {
    }

    /** The first {@code bytes} bytes of the text's SHA-256 (UTF-8), in hex. */
    static String sha256Hex(String text, int bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
