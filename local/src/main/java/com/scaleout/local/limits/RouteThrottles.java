package com.scaleout.local.limits;

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
 * before the authorizer or the function run. With AWS's limits scaled ({@link #scaled}), every rate and burst is
 * divided by the scale, and the account's throttle across all routes applies after the route's.
 */
public final class RouteThrottles {
    private final Map<String, RouteThrottleSpec> declared;
    private final Optional<StageDefault> stageDefault;
    private final LongSupplier nanoTime;
    private final double scale;
    private final Optional<TokenBucket> account;
    private final Map<String, Optional<TokenBucket>> buckets = new ConcurrentHashMap<>();

    /** The stage's default route throttle: steady requests per second and burst, per route. */
    public record StageDefault(double ratePerSecond, int burst) {
    }

    public RouteThrottles(Collection<RouteThrottleSpec> declared, Optional<StageDefault> stageDefault) {
        this(declared, stageDefault, System::nanoTime);
    }

    RouteThrottles(Collection<RouteThrottleSpec> declared, Optional<StageDefault> stageDefault,
                   LongSupplier nanoTime) {
        this(declared.stream().collect(java.util.stream.Collectors.toUnmodifiableMap(RouteThrottleSpec::routeKey,
                throttle -> throttle)), stageDefault, nanoTime, 1, Optional.empty());
    }

    private RouteThrottles(Map<String, RouteThrottleSpec> declared, Optional<StageDefault> stageDefault,
                           LongSupplier nanoTime, double scale, Optional<TokenBucket> account) {
        this.declared = declared;
        this.stageDefault = stageDefault;
        this.nanoTime = nanoTime;
        this.scale = scale;
        this.account = account;
    }

    /**
     * These throttles with AWS's limits divided by {@code limits}' scale: each route's rate and burst, and the
     * account's throttle (API Gateway's 10,000 requests per second, burst 5,000, shared by every route).
     */
    public RouteThrottles scaled(AwsLimits limits) {
        return new RouteThrottles(declared, stageDefault, nanoTime, limits.scale(), Optional.of(new TokenBucket(
                limits.gatewayRate(), limits.gatewayBurst(), nanoTime)));
    }

    /** No throttle at all (tests of other things). */
    public static RouteThrottles none() {
        return new RouteThrottles(java.util.List.of(), Optional.empty());
    }

    /** True when the route may take this request now; false: the gateway answers 429. */
    public boolean tryAdmit(String routeKey) {
        return buckets.computeIfAbsent(routeKey, this::bucketFor).map(TokenBucket::tryTake).orElse(true)
                && account.map(TokenBucket::tryTake).orElse(true);
    }

    private Optional<TokenBucket> bucketFor(String routeKey) {
        var own = declared.get(routeKey);
        if (own != null) {
            return Optional.of(bucket(own.ratePerSecond(), own.burst()));
        }
        return stageDefault.map(stage -> bucket(stage.ratePerSecond(), stage.burst()));
    }

    private TokenBucket bucket(double ratePerSecond, int burst) {
        return new TokenBucket(ratePerSecond / scale, (int) Math.max(1, Math.round(burst / scale)), nanoTime);
    }
}
