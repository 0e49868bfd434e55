package com.scaleout.local.security;

import static com.scaleout.local.security.Expected.PAST_AUTH;
import static com.scaleout.local.security.Expected.status;

import com.scaleout.declaration.RouteSpec;

/**
 * The expected answer of every route × {@link Credential}, from the route's {@link Guard} (per shared/API.md and
 * docs/openapi.yaml): the sessions authorizer answers 401 without the header and 403 when it refuses a token
 * (unknown, malformed, expired or logged out); a header without the Bearer scheme reaches the handler, let through
 * only to be answered 401 saying what to send; a logged-out token the gateway still caches as allowed reaches the
 * handler, which answers 401; a public route that answers tweet views reads a session token if one is sent and
 * answers 401 to one that is no live session; import routes answer Stitch's 401 to anything but an active import key; admin routes
 * answer 401 without {@code X-Admin-Key} and 403 with a wrong one. What another user's or client's credential
 * gets is the route's own rule ({@link OtherCaller}). The switches list every credential, so a new one must be
 * decided here.
 */
final class AuthMatrix {
    private AuthMatrix() {
    }

    static Expected expected(RouteSpec route, Credential credential) {
        return switch (Guard.of(route)) {
            case PUBLIC -> credential == Credential.NONE ? PAST_AUTH : Expected.IGNORED;
            case PUBLIC_READING_SESSION -> switch (credential) {
                case NONE, OWN_SESSION, OTHER_USERS_SESSION -> PAST_AUTH;
                case ADMIN_KEY, WRONG_ADMIN_KEY -> Expected.IGNORED; // no Authorization header
                case MALFORMED_TOKEN, TOKEN_WITHOUT_SCHEME, EXPIRED_SESSION, LOGGED_OUT_SESSION,
                     LOGGED_OUT_SESSION_UNCACHED, IMPORT_KEY, OTHER_CLIENTS_IMPORT_KEY, REVOKED_IMPORT_KEY -> status(401);
            };
            case SESSION -> switch (credential) {
                case OWN_SESSION -> PAST_AUTH;
                case OTHER_USERS_SESSION -> OtherCaller.of(route).expected();
                case NONE, LOGGED_OUT_SESSION, ADMIN_KEY, WRONG_ADMIN_KEY, TOKEN_WITHOUT_SCHEME -> status(401);
                case MALFORMED_TOKEN, EXPIRED_SESSION, LOGGED_OUT_SESSION_UNCACHED, IMPORT_KEY,
                     OTHER_CLIENTS_IMPORT_KEY, REVOKED_IMPORT_KEY -> status(403);
            };
            case IMPORT_KEY -> switch (credential) {
                case IMPORT_KEY -> PAST_AUTH;
                case OTHER_CLIENTS_IMPORT_KEY -> OtherCaller.of(route).expected();
                case NONE, MALFORMED_TOKEN, TOKEN_WITHOUT_SCHEME, EXPIRED_SESSION, LOGGED_OUT_SESSION,
                     LOGGED_OUT_SESSION_UNCACHED, OTHER_USERS_SESSION, OWN_SESSION, REVOKED_IMPORT_KEY, ADMIN_KEY,
                     WRONG_ADMIN_KEY -> status(401);
            };
            case ADMIN_KEY -> switch (credential) {
                case ADMIN_KEY -> PAST_AUTH;
                case WRONG_ADMIN_KEY -> status(403);
                case NONE, MALFORMED_TOKEN, TOKEN_WITHOUT_SCHEME, EXPIRED_SESSION, LOGGED_OUT_SESSION,
                     LOGGED_OUT_SESSION_UNCACHED, OTHER_USERS_SESSION, OWN_SESSION, IMPORT_KEY,
                     OTHER_CLIENTS_IMPORT_KEY, REVOKED_IMPORT_KEY -> status(401);
            };
        };
    }

    /** The credential a route is made for; its cell runs last, as it may consume the world (log out, delete). */
    static Credential rightCredential(RouteSpec route) {
        return switch (Guard.of(route)) {
            case PUBLIC, PUBLIC_READING_SESSION -> Credential.NONE;
            case SESSION -> Credential.OWN_SESSION;
            case IMPORT_KEY -> Credential.IMPORT_KEY;
            case ADMIN_KEY -> Credential.ADMIN_KEY;
        };
    }
}
