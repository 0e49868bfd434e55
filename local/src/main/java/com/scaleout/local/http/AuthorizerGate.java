package com.scaleout.local.http;

import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.scaleout.declaration.AuthorizerSpec;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.lambda.InvocationException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Lambda REQUEST authorizer in front of a route, the way API Gateway runs it: no identity → 401 without
 * calling the function; otherwise the function's simple response decides, cached per identity value for the
 * TTL (a denial is cached too, as API Gateway does).
 */
public final class AuthorizerGate {
    /** Past this many cached identities, expired entries are dropped (a load test makes many tokens). */
    private static final int MAX_CACHED_IDENTITIES = 10_000;

    private final AuthorizerSpec spec;
    private final FunctionPool function;
    private final Duration ttl;
    private final Clock clock;
    private final Map<String, CachedDecision> cache = new ConcurrentHashMap<>();

    public AuthorizerGate(AuthorizerSpec spec, FunctionPool function, Optional<Duration> ttlOverride, Clock clock) {
        this.spec = spec;
        this.function = function;
        this.ttl = ttlOverride.orElse(Duration.ofSeconds(spec.resultTtlSeconds()));
        this.clock = clock;
    }

    public sealed interface Decision {
        record Allow(Map<String, Object> context) implements Decision {
        }

        /** No identity in the request: 401 and the function is not called. */
        record MissingIdentity() implements Decision {
        }

        record Deny() implements Decision {
        }
    }

    public Decision authorize(HttpRequestData request, RouteTable.Match match, String requestId)
            throws InvocationException {
        String identity = EventMapper.headers(request).get(spec.identityHeader());
        if (identity == null || identity.isBlank()) {
            return new Decision.MissingIdentity();
        }
        Instant now = clock.instant();
        CachedDecision cached = cache.get(identity);
        if (cached != null && now.isBefore(cached.expiresAt())) {
            return cached.decision();
        }
        var event = EventMapper.authorizerEvent(request, match, List.of(identity), requestId, now);
        Decision decision = decisionOf(function.invoke(event));
        if (!ttl.isZero()) {
            if (cache.size() >= MAX_CACHED_IDENTITIES) {
                cache.values().removeIf(entry -> !now.isBefore(entry.expiresAt()));
            }
            cache.put(identity, new CachedDecision(decision, now.plus(ttl)));
        }
        return decision;
    }

    private Decision decisionOf(Object result) throws InvocationException {
        if (!(result instanceof SimpleIAMPolicyResponse response)) {
            throw new InvocationException(InvocationException.Kind.FUNCTION_ERROR,
                    spec.name() + ": authorizer must return a simple response (SimpleIAMPolicyResponse), returned "
                            + (result == null ? "null" : result.getClass().getName()), null);
        }
        if (!response.getIsAuthorized()) {
            return new Decision.Deny();
        }
        var context = new LinkedHashMap<String, Object>();
        if (response.getContext() != null) {
            context.putAll(response.getContext());
        }
        return new Decision.Allow(context);
    }

    private record CachedDecision(Decision decision, Instant expiresAt) {
    }
}
