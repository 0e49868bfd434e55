package com.scaleout.local.security;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;

/**
 * What guards a route, derived from its declaration: nothing, the sessions authorizer at the gateway, or a
 * credential its handler checks. A route whose guard cannot be derived (an authorizer the matrix does not know)
 * fails here, and a new {@link RouteSpec.HandlerCredential} fails to compile the switch below: either way the
 * auth matrix is told what a new kind of credential must answer before it can be shipped.
 */
enum Guard {
    PUBLIC, SESSION, IMPORT_KEY, ADMIN_KEY;

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
            case NONE -> PUBLIC;
            case IMPORT_KEY -> IMPORT_KEY;
            case ADMIN_KEY -> ADMIN_KEY;
        };
    }
}
