package com.scaleout.declaration;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An HTTP API route: method and path (API Gateway syntax: {@code /tweets/{id}}, greedy {@code /{proxy+}} last),
 * the function that serves it, the authorizer that guards it at the gateway, if any, and the credential its
 * handler checks itself, if any.
 */
public record RouteSpec(HttpMethod method, String path, String function, Optional<String> authorizer,
                        HandlerCredential handlerCredential) {
    private static final Pattern PATH = Pattern.compile("(/([A-Za-z0-9._~-]+|\\{[A-Za-z][A-Za-z0-9_]*}))*"
            + "(/\\{[A-Za-z][A-Za-z0-9_]*\\+})?|/");

    /**
     * A credential the handler checks rather than a gateway authorizer. The import API does so because its
     * contract (Stitch's) answers 401 {@code {"message":"Not Authorized"}}, a body an HTTP API authorizer cannot
     * give, and because RJMetrics' clients may send the key in the query string instead of the header, which an
     * authorizer's cached identity sources cannot express as an alternative.
     */
    public enum HandlerCredential { NONE, IMPORT_KEY, ADMIN_KEY }

    public RouteSpec {
        Objects.requireNonNull(method, "method");
        if (path == null || !PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("route path is not API Gateway syntax: " + path);
        }
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(authorizer, "authorizer");
        Objects.requireNonNull(handlerCredential, "handlerCredential");
        if (authorizer.isPresent() && handlerCredential != HandlerCredential.NONE) {
            throw new IllegalArgumentException(method + " " + path + ": an authorizer or a handler credential, not both");
        }
    }

    public static RouteSpec publicRoute(HttpMethod method, String path, String function) {
        return new RouteSpec(method, path, function, Optional.empty(), HandlerCredential.NONE);
    }

    public static RouteSpec authorized(HttpMethod method, String path, String function, String authorizer) {
        return new RouteSpec(method, path, function, Optional.of(authorizer), HandlerCredential.NONE);
    }

    /** A route whose handler checks the credential (see {@link HandlerCredential}). */
    public static RouteSpec checkedByHandler(HttpMethod method, String path, String function,
                                             HandlerCredential credential) {
        return new RouteSpec(method, path, function, Optional.empty(), credential);
    }

    /** Whether it is an admin route: guarded by the admin key, deployed only where a stage turns them on. */
    public boolean isAdminRoute() {
        return handlerCredential == HandlerCredential.ADMIN_KEY;
    }

    /** Whether a caller needs a credential of some kind: at the gateway or in the handler. */
    public boolean isProtected() {
        return authorizer.isPresent() || handlerCredential != HandlerCredential.NONE;
    }

    /** API Gateway's route key, e.g. {@code GET /tweets/{id}}: what handlers receive as {@code routeKey}. */
    public String routeKey() {
        return method + " " + path;
    }
}
