package com.scaleout.bench.capacity;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteThrottleSpec;
import com.scaleout.local.limits.AwsLimits;
import com.scaleout.local.template.StackTemplate;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The ceilings a stack meets, each from where it is set: AWS's account and service limits (the same figures the
 * local runtime enforces scaled, {@link AwsLimits} at scale 1), the routes' throttles (declared, else the stage's
 * default from the synthesized template) and the cache's ECPU/s maximum (the template's serverless cache).
 */
public record AwsCeilings(AwsLimits aws, Map<String, Double> routeThrottles, double stageRouteRate,
                          double cacheEcpuPerSecond) {

    /** From the declaration and the synthesized dev stage ({@code cdk/target/cdk.out}, or a template file). */
    public static AwsCeilings of(Declaration declaration, Path template) {
        var source = StackTemplate.Source.read(template);
        double stage = source.httpStageDefault().map(d -> d.ratePerSecond())
                .orElseThrow(() -> new IllegalStateException(template + " has no default route throttle"));
        return new AwsCeilings(new AwsLimits(1), declaration.routeThrottles().stream().collect(Collectors.toMap(
                RouteThrottleSpec::routeKey, RouteThrottleSpec::ratePerSecond)), stage, source.serverlessCache()
                .orElseThrow(() -> new IllegalStateException(template + " has no serverless cache with an ECPU/s "
                        + "maximum")).maxEcpuPerSecond());
    }

    /** Requests a second {@code route} is throttled above. */
    public double routeRate(String route) {
        return routeThrottles.getOrDefault(route, stageRouteRate);
    }

    /** Whether the route has a throttle of its own (else the stage's default). */
    public boolean ownThrottle(String route) {
        return routeThrottles.containsKey(route);
    }
}
