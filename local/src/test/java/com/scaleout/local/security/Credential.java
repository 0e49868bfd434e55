package com.scaleout.local.security;

import java.util.Map;
import java.util.function.Function;

/** What a caller presents: the columns of the auth matrix, each as the headers it sends. */
enum Credential {
    NONE("no credentials", world -> Map.of()),
    MALFORMED_TOKEN("malformed token", world -> bearer("!!not-a-token!!")),
    TOKEN_WITHOUT_SCHEME("own session token without 'Bearer'", world -> Map.of("authorization", world.ownerToken())),
    EXPIRED_SESSION("expired session", world -> bearer(world.expiredToken())),
    /** The gateway still caches its "allow" (the logout itself was allowed): the application must refuse it. */
    LOGGED_OUT_SESSION("logged-out session", world -> bearer(world.loggedOutToken())),
    /**
     * The same token under a differently spelt scheme ({@code bearer}, which RFC 6750 allows): another identity
     * value, so the gateway's cache misses and the authorizer itself must refuse it.
     */
    LOGGED_OUT_SESSION_UNCACHED("logged-out session past the gateway's cache",
            world -> Map.of("authorization", "bearer " + world.loggedOutToken())),
    OTHER_USERS_SESSION("another user's session", world -> bearer(world.otherToken())),
    OWN_SESSION("own session", world -> bearer(world.ownerToken())),
    IMPORT_KEY("import key", world -> bearer(world.importToken())),
    OTHER_CLIENTS_IMPORT_KEY("another client's import key", world -> bearer(world.otherClientImportToken())),
    REVOKED_IMPORT_KEY("revoked import key", world -> bearer(world.revokedImportToken())),
    ADMIN_KEY("admin key", world -> Map.of("x-admin-key", AuthWorld.ADMIN_KEY)),
    WRONG_ADMIN_KEY("wrong admin key", world -> Map.of("x-admin-key", "not-" + AuthWorld.ADMIN_KEY));

    private final String label;
    private final Function<AuthWorld, Map<String, String>> headers;

    Credential(String label, Function<AuthWorld, Map<String, String>> headers) {
        this.label = label;
        this.headers = headers;
    }

    String label() {
        return label;
    }

    Map<String, String> headers(AuthWorld world) {
        return headers.apply(world);
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("authorization", "Bearer " + token);
    }
}
