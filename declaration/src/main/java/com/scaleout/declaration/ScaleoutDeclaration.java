package com.scaleout.declaration;

import static com.scaleout.declaration.HttpMethod.GET;

/**
 * Scaleout's functions, routes, authorizers, tables and stream consumers. Workloads add their entries here;
 * nothing else in the repository lists them.
 */
public final class ScaleoutDeclaration {
    public static final String HEALTH = "Health";

    private static final Declaration DECLARATION = Declaration.builder()
            .function(FunctionSpec.of(HEALTH, "com.scaleout.functions.health.HealthHandler")
                    .memoryMb(512).timeoutSeconds(5).concurrency(5).withRedis())
            .route(RouteSpec.publicRoute(GET, "/health", HEALTH))
            .build();

    private ScaleoutDeclaration() {
    }

    public static Declaration declaration() {
        return DECLARATION;
    }
}
