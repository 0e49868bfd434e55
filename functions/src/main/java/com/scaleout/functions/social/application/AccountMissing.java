package com.scaleout.functions.social.application;

/**
 * A write named an account that no longer exists: removed after the caller's session was authorized (a reset while
 * the gateway still caches the authorizer's answer), or the other account of a follow removed meanwhile. The
 * caller's 4xx, never a 5xx.
 */
public final class AccountMissing extends RuntimeException {
    private final String userId;

    public AccountMissing(String userId) {
        super("account " + userId + " does not exist", null, false, false);
        this.userId = userId;
    }

    public String userId() {
        return userId;
    }
}
