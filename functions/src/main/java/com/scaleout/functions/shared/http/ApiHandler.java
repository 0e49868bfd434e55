package com.scaleout.functions.shared.http;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.failure.DomainException;
import com.scaleout.functions.shared.idempotency.Idempotency;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.shared.snapstart.Primed;
import com.scaleout.functions.shared.snapstart.Priming;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import com.scaleout.functions.shared.aws.TransientFailures;
import com.scaleout.functions.shared.invocation.Invocations;
import com.scaleout.functions.shared.logging.ThrottledLogs;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Base of the HTTP functions: API Gateway has already matched the route, so the handler only looks its
 * {@code routeKey} up in a map. Client errors become their 4xx; a transient AWS failure (throttling, a call past
 * its timeout, a transaction cancelled for capacity or a conflict) becomes 503 with Retry-After; anything else is a 500 with a fixed body and the cause in the log.
 */
public abstract class ApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>, Primed {
    private static final Logger LOG = Logger.getLogger(ApiHandler.class.getName());
    /** Busy answers come in floods (8,000 in a minute of the overload bench): one trace per interval. */
    private static final org.apache.logging.log4j.Logger BUSY = ThrottledLogs.busy();

    private final Map<String, Route> routes;
    private final Idempotency idempotency;
    private final Invocations invocations = new Invocations();

    private final Priming priming;

    /** Routes with the execution environment's idempotency keys (see {@link Idempotency#fromEnvironment()}). */
    protected ApiHandler(Map<String, Route> routes) {
        this(routes, Optional.empty());
    }

    /**
     * @param redis the handler's cache connection, which its SnapStart priming closes before the snapshot and
     *              opens again after the restore
     */
    protected ApiHandler(Map<String, Route> routes, Optional<RedisLink> redis) {
        this(routes, Idempotency.fromEnvironment(), redis);
    }

    protected ApiHandler(Map<String, Route> routes, Idempotency idempotency) {
        this(routes, idempotency, Optional.empty());
    }

    private ApiHandler(Map<String, Route> routes, Idempotency idempotency, Optional<RedisLink> redis) {
        this.routes = Map.copyOf(routes);
        this.idempotency = idempotency;
        // registered once here for every handler; the warm-up runs at the checkpoint, long after construction
        this.priming = Priming.register(getClass(), redis, this::warmUp);
    }

    /** The handler's harmless requests before a SnapStart snapshot (see {@link Priming}); none by default. */
    protected void warmUp() {
    }

    @Override
    public final Priming priming() {
        return priming;
    }

    /** One route's work: a request in, a response out. */
    @FunctionalInterface
    public interface Route {
        APIGatewayV2HTTPResponse handle(ApiRequest request);

        /**
         * Who asks, established before anything else runs (an Idempotency-Key's claim or replay included); throws
         * the refusal (401, 403, or 404 for a route that is off) of a caller the route does not admit. By default
         * the session's user the gateway's authorizer admitted, or nobody.
         */
        default Caller caller(ApiRequest request) {
            return Caller.of(request);
        }

        /**
         * Whether an answer stored for an Idempotency-Key still holds and may be replayed; by default it does. One
         * that does not is not replayed (see {@link Idempotency#run}).
         */
        default boolean stillHolds(APIGatewayV2HTTPResponse stored) {
            return true;
        }

        /** {@code route}, with {@code authenticate} checking its own credential first (see {@link #caller}). */
        static Route guarded(Function<ApiRequest, Caller> authenticate, Route route) {
            return new ComposedRoute(route, authenticate, route::stillHolds);
        }

        /** {@code route}, whose stored answers are replayed while {@code stillHolds} says they hold. */
        static Route replayedWhile(Predicate<APIGatewayV2HTTPResponse> stillHolds, Route route) {
            return new ComposedRoute(route, route::caller, stillHolds);
        }
    }

    /** A route's work, with who asks and what still holds decided apart from it. */
    private record ComposedRoute(Route work, Function<ApiRequest, Caller> callers,
                                 Predicate<APIGatewayV2HTTPResponse> holds) implements Route {
        @Override
        public APIGatewayV2HTTPResponse handle(ApiRequest request) {
            return work.handle(request);
        }

        @Override
        public Caller caller(ApiRequest request) {
            return callers.apply(request);
        }

        @Override
        public boolean stillHolds(APIGatewayV2HTTPResponse stored) {
            return holds.test(stored);
        }
    }

    public final Map<String, Route> routes() {
        return routes;
    }

    @Override
    public final APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        var request = new ApiRequest(event, context);
        try (var invocation = invocations.open(context, request.requestId(), request.routeKey())) {
            return handle(request, routes.get(event.getRouteKey()));
        }
    }

    private APIGatewayV2HTTPResponse handle(ApiRequest request, Route route) {
        if (route == null) {
            return error(404, "Not Found", null, request.requestId());
        }
        // the caller first: a refused one gets its refusal, and neither claims a key nor reaches a stored answer;
        // then the route's failures become its answer, which the idempotency key keeps (or gives up, if it says
        // "retry"); the key's own failures (a malformed key, 409, 422, DynamoDB busy) become answers too
        return answer(request, () -> idempotency.run(request, route.caller(request), route::stillHolds,
                () -> answer(request, () -> route.handle(request))));
    }

    private APIGatewayV2HTTPResponse answer(ApiRequest request, Supplier<APIGatewayV2HTTPResponse> work) {
        try {
            return work.get();
        } catch (ApiException e) {
            return refusal(e, request);
        } catch (DomainException e) {
            return refusal(ApiException.from(e), request);
        } catch (SdkException e) {
            if (TransientFailures.isTransient(e)) {
                BUSY.warn(request.routeKey() + ": AWS throttled or too slow", e);
                var response = error(503, "Service busy, retry shortly", null, request.requestId());
                response.getHeaders().put("retry-after", "1");
                return response;
            }
            LOG.log(Level.SEVERE, request.routeKey() + " failed", e);
            return error(500, "Internal Server Error", null, request.requestId());
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, request.routeKey() + " failed", e);
            return error(500, "Internal Server Error", null, request.requestId());
        }
    }

    private APIGatewayV2HTTPResponse refusal(ApiException e, ApiRequest request) {
        var response = e.body() != null ? HttpResponses.json(e.status(), e.body())
                : error(e.status(), e.getMessage(), e.errors(), request.requestId());
        if (e.status() == 503 || e.status() == 429 || e.retryAfterSeconds() > 0) {
            response.getHeaders().put("retry-after", Long.toString(Math.max(1, e.retryAfterSeconds())));
        }
        return response;
    }

    /**
     * The error response: {@code {"message", "errors"?, "requestId"}} by default; an API with an older contract
     * (the AlbumStore's {@code {"msg"}}) overrides it.
     */
    protected APIGatewayV2HTTPResponse error(int status, String message, java.util.List<ErrorBody.FieldError> errors,
                                             String requestId) {
        return HttpResponses.json(status, new ErrorBody(message, errors, requestId));
    }
}
