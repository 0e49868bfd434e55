package com.scaleout.declaration;

import java.util.Objects;

/**
 * A Lambda REQUEST authorizer with simple responses (payload 2.0). API Gateway caches its answer per identity
 * (the value of {@code identityHeader}) for {@code resultTtlSeconds}; 0 disables the cache.
 */
public record AuthorizerSpec(String name, String function, String identityHeader, int resultTtlSeconds) {
    public AuthorizerSpec {
        Names.requireLogicalName(name, "authorizer");
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(identityHeader, "identityHeader");
        if (resultTtlSeconds < 0 || resultTtlSeconds > 3600) {
            throw new IllegalArgumentException(name + ": result TTL must be 0-3600 s, was " + resultTtlSeconds);
        }
    }

    public static AuthorizerSpec onAuthorizationHeader(String name, String function, int resultTtlSeconds) {
        return new AuthorizerSpec(name, function, "authorization", resultTtlSeconds);
    }
}
