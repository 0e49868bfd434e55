package com.scaleout.local.http;

import com.scaleout.declaration.RouteThrottleSpec;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The stage's route throttling, as an HTTP API applies it: each route has its own token bucket, with its declared
 * rate and burst ({@code RouteSettings}) or else the stage's default route throttle ({@code DefaultRouteSettings}),
 * which every other route gets a bucket of its own of. A request its route's bucket cannot take is answered 429
 * before the authorizer or the function run.
 */
public final class RouteThrottles {
    private final Map<String, RouteThrottleSpec> declared;
    private final Optional<StageDefault> stageDefault;
    private final LongSupplier nanoTime;
    private final Map<String, Optional<TokenBucket>> buckets = new ConcurrentHashMap<>();

    /** The stage's default route throttle: steady requests per second and burst, per route. */
    public record StageDefault(double ratePerSecond, int burst) {
    }

    public RouteThrottles(Collection<RouteThrottleSpec> declared, Optional<StageDefault> stageDefault) {
        this(declared, stageDefault, System::nanoTime);
    }

    RouteThrottles(Collection<RouteThrottleSpec> declared, Optional<StageDefault> stageDefault,
                   LongSupplier nanoTime) {
        this.declared = declared.stream().collect(java.util.stream.Collectors.toUnmodifiableMap(
                RouteThrottleSpec::routeKey, throttle -> throttle));
        this.stageDefault = stageDefault;
        this.nanoTime = nanoTime;
    }

    /** No throttle at all (tests of other things). */
    public static RouteThrottles none() {
        return new RouteThrottles(java.util.List.of(), Optional.empty());
    }

    /** True when the route may take this request now; false: the gateway answers 429. */
    public boolean tryAdmit(String routeKey) {
        return buckets.computeIfAbsent(routeKey, this::bucketFor).map(TokenBucket::tryTake).orElse(true);
    }

    private Optional<TokenBucket> bucketFor(String routeKey) {
        var own = declared.get(routeKey);
        if (own != null) {
            return Optional.of(new TokenBucket(own.ratePerSecond(), own.burst(), nanoTime));
        }
        return stageDefault.map(stage -> new TokenBucket(stage.ratePerSecond(), stage.burst(), nanoTime));
    }
}
