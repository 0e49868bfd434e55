package com.scaleout.declaration;

import java.util.Objects;

/**
 * A route's own throttle at the gateway, below the stage's: requests per second (steady) and burst the route
 * admits before API Gateway answers 429. Gateway throttles count every caller together, so they protect what a
 * route costs (BCrypt work, large bodies, bulk writes), not one account: per-caller limits are the handlers' job
 * (the login throttle). The reason is kept with the figures, as every limit should say what it protects.
 */
public record RouteThrottleSpec(String routeKey, double ratePerSecond, int burst, String reason) {
    public RouteThrottleSpec {
        Objects.requireNonNull(routeKey, "routeKey");
        if (!(ratePerSecond > 0) || burst < 1) {
            throw new IllegalArgumentException(routeKey + ": a throttle needs a positive rate and burst");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(routeKey + ": say why the route has its own throttle");
        }
    }

    public static RouteThrottleSpec of(String routeKey, double ratePerSecond, int burst, String reason) {
        return new RouteThrottleSpec(routeKey, ratePerSecond, burst, reason);
    }
}
