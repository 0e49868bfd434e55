package com.scaleout.local.security;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.util.Set;

/**
 * What guards a route, derived from its declaration: nothing, the sessions authorizer at the gateway, or a
 * credential its handler checks. A route whose guard cannot be derived (an authorizer the matrix does not know)
 * fails here, and a new {@link RouteSpec.HandlerCredential} fails to compile the switch below: either way the
 * auth matrix is told what a new kind of credential must answer before it can be shipped.
 */
enum Guard {
    /** No credential read: any sent is ignored. */
    PUBLIC,
    /**
     * Public, but the handler reads a session token if one is sent (tweet views then say what the caller did): a
     * bearer token that is no live session is refused (401) rather than read as anonymous (docs/openapi.yaml).
     */
    PUBLIC_READING_SESSION,
    SESSION, IMPORT_KEY, ADMIN_KEY;

    /**
     * The public routes that answer tweet views. Not in the declaration (the gateway has nothing to do for them): a
     * new such route left out of here fails AuthMatrixIT, which then finds a bad token refused where it expected it
     * ignored.
     */
    static final Set<String> READING_SESSION = Set.of("GET /tweets/recent", "GET /tweets/{id}",
            "GET /tweets/{id}/replies", "GET /users/{username}/tweets", "GET /users/{username}/replies",
            "GET /users/{username}/mentions", "GET /users/{username}/likes", "GET /hashtags/{tag}/tweets",
            "GET /search");

    static Guard of(RouteSpec route) {
        if (route.authorizer().isPresent()) {
            String authorizer = route.authorizer().get();
            if (!authorizer.equals(ScaleoutDeclaration.SESSIONS_AUTHORIZER)) {
                throw new IllegalStateException(route.routeKey() + " is guarded by authorizer " + authorizer
                        + ", which the auth matrix does not know: decide its expected statuses in Guard");
            }
            return SESSION;
        }
        return switch (route.handlerCredential()) {
            case NONE -> READING_SESSION.contains(route.routeKey()) ? PUBLIC_READING_SESSION : PUBLIC;
            case IMPORT_KEY -> IMPORT_KEY;
            case ADMIN_KEY -> ADMIN_KEY;
        };
    }
}
