package com.scaleout.functions.shared.http;

import com.scaleout.functions.shared.crypto.Digests;

/**
 * Who sends a request, as the route itself has established it before anything else runs (an Idempotency-Key's
 * claim or replay included): the session's user, a credential the route checked (an import key, the admin key, a
 * session token), or nobody. Its {@link #scope()} is where the caller's idempotency keys live: the same key from
 * another caller is another key, and a caller the route no longer admits never reaches its stored answers.
 *
 * @param scope {@code user:<id>}, {@code <kind>:<id or sha-256 of the secret>}, or {@code anonymous}
 */
public record Caller(String scope) {
    public static final Caller ANONYMOUS = new Caller("anonymous");

    /** The session's user the API Gateway authorizer admitted, or nobody (a public route). */
    public static Caller of(ApiRequest request) {
        return request.authorizerValue(ApiRequest.CONTEXT_USER_ID).map(user -> new Caller("user:" + user))
                .orElse(ANONYMOUS);
    }

    /** A caller known by a credential the route checked: its id ({@code import-key}'s key id), never a secret. */
    public static Caller byId(String kind, String id) {
        return new Caller(kind + ":" + id);
    }

    /** A caller known by a secret the route checked (the admin key, a session token): only its hash is kept. */
    public static Caller bySecret(String kind, String secret) {
        return new Caller(kind + ":" + Digests.sha256Hex(secret));
    }
}
