package com.scaleout.local.testing;

import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.HttpMethod.POST;
import static com.scaleout.declaration.TableSpec.KeyAttribute.string;

import com.scaleout.declaration.AuthorizerSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.RouteThrottleSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.declaration.TableSpec;

/** The runtime's own test system: echo, slow, holding and failing functions, an authorizer, and two stream consumers. */
public final class TestDeclaration {
    public static final String ITEMS = "Items";
    public static final String BATCHED = "Batched";
    public static final int SLOW_CONCURRENCY = 2;
    public static final int HELD_RESERVATION = 3;
    /** {@code GET /throttled}'s burst; its rate refills one request in a minute, so a test sees the burst alone. */
    public static final int THROTTLED_BURST = 2;

    private TestDeclaration() {
    }

    public static Declaration declaration() {
        var production = ScaleoutDeclaration.declaration();
        return Declaration.builder()
                .table(TableSpec.of(ITEMS, string("pk")).stream(TableSpec.StreamView.NEW_AND_OLD_IMAGES))
                .table(TableSpec.of(BATCHED, string("pk")).stream(TableSpec.StreamView.NEW_AND_OLD_IMAGES)
                        .ttl("expiresAt"))
                .function(production.function(ScaleoutDeclaration.HEALTH))
                .function(FunctionSpec.of("Echo", EchoHandler.class.getName()))
                .function(FunctionSpec.of("Slow", SlowHandler.class.getName()).timeoutSeconds(3)
                        .reservedConcurrency(SLOW_CONCURRENCY))
                // one without reservation, one with: the account's on-demand scaling against a reservation
                .function(FunctionSpec.of("Held", HoldingHandler.class.getName()).timeoutSeconds(60))
                .function(FunctionSpec.of("HeldReserved", HoldingHandler.class.getName()).timeoutSeconds(60)
                        .reservedConcurrency(HELD_RESERVATION))
                .function(FunctionSpec.of("Authorizer", TokenAuthorizer.class.getName()))
                .function(FunctionSpec.of("Recorder", RecordingStreamHandler.class.getName()).readsAndWrites(ITEMS))
                .function(FunctionSpec.of("BatchedRecorder", RecordingStreamHandler.class.getName()))
                .authorizer(AuthorizerSpec.onAuthorizationHeader("Tokens", "Authorizer", 300))
                .route(RouteSpec.publicRoute(GET, "/health", ScaleoutDeclaration.HEALTH))
                .route(RouteSpec.publicRoute(GET, "/echo/{id}", "Echo"))
                .route(RouteSpec.publicRoute(GET, "/echo/special", "Echo"))
                .route(RouteSpec.publicRoute(POST, "/echo/{id}", "Echo"))
                .route(RouteSpec.publicRoute(GET, "/files/{path+}", "Echo"))
                .route(RouteSpec.publicRoute(POST, "/binary", "Echo"))
                .route(RouteSpec.publicRoute(GET, "/slow", "Slow"))
                .route(RouteSpec.publicRoute(GET, "/held", "Held"))
                .route(RouteSpec.publicRoute(GET, "/held/reserved", "HeldReserved"))
                .route(RouteSpec.authorized(GET, "/private/{id}", "Echo", "Tokens"))
                .route(RouteSpec.publicRoute(GET, "/throttled", "Echo"))
                .routeThrottle(RouteThrottleSpec.of("GET /throttled", 1 / 60.0, THROTTLED_BURST,
                        "the gateway's route throttle, under test"))
                .streamConsumer(StreamConsumerSpec.of(ITEMS, "Recorder").batchSize(10).retryAttempts(2))
                .streamConsumer(StreamConsumerSpec.of(BATCHED, "BatchedRecorder").batchSize(10).retryAttempts(2)
                        .batchingWindowSeconds(1))
                .build();
    }
}
