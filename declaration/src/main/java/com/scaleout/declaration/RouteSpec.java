package com.scaleout.declaration;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An HTTP API route: method and path (API Gateway syntax: {@code /tweets/{id}}, greedy {@code /{proxy+}} last),
 * the function that serves it, and the authorizer that guards it, if any.
 */
public record RouteSpec(HttpMethod method, String path, String function, Optional<String> authorizer) {
    private static final Pattern PATH = Pattern.compile("(/([A-Za-z0-9._~-]+|\\{[A-Za-z][A-Za-z0-9_]*}))*"
            + "(/\\{[A-Za-z][A-Za-z0-9_]*\\+})?|/");

    public RouteSpec {
        Objects.requireNonNull(method, "method");
        if (path == null || !PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("route path is not API Gateway syntax: " + path);
        }
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(authorizer, "authorizer");
    }

    public static RouteSpec publicRoute(HttpMethod method, String path, String function) {
        return new RouteSpec(method, path, function, Optional.empty());
    }

    public static RouteSpec authorized(HttpMethod method, String path, String function, String authorizer) {
        return new RouteSpec(method, path, function, Optional.of(authorizer));
    }

    /** API Gateway's route key, e.g. {@code GET /tweets/{id}}: what handlers receive as {@code routeKey}. */
    public String routeKey() {
        return method + " " + path;
    }
}
