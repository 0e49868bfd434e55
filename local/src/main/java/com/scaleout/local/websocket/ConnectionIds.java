package com.scaleout.local.websocket;

import java.security.SecureRandom;

/** API Gateway's connection ids: 15 random letters and digits, then {@code =} (e.g. {@code L0SM9cOFvHcCIhw=}). */
final class ConnectionIds {
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int LENGTH = 15;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ConnectionIds() {
    }

    static String next() {
        var id = new StringBuilder(LENGTH + 1);
        for (int i = 0; i < LENGTH; i++) {
            id.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
        }
        return id.append('=').toString();
    }
}
