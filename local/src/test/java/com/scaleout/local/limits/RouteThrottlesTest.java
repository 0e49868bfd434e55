package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.RouteThrottleSpec;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RouteThrottlesTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong();

    private int admitted(RouteThrottles throttles, String routeKey, int requests) {
        int admitted = 0;
        for (int i = 0; i < requests; i++) {
            admitted += throttles.tryAdmit(routeKey) ? 1 : 0;
        }
        return admitted;
    }

    @Test
    void aDeclaredRouteTakesItsBurstAtOnceThenItsRate() {
        var throttles = new RouteThrottles(List.of(RouteThrottleSpec.of("POST /users", 2, 5, "test")),
                Optional.empty(), now::get);

        assertThat(admitted(throttles, "POST /users", 8)).as("the burst").isEqualTo(5);
        now.addAndGet(SECOND);
        assertThat(admitted(throttles, "POST /users", 8)).as("a second's refill at 2/s").isEqualTo(2);
        now.addAndGet(60 * SECOND);
        assertThat(admitted(throttles, "POST /users", 8)).as("never more than the burst, however long idle")
                .isEqualTo(5);
    }

    @Test
    void eachRouteHasItsOwnBucketAndUndeclaredRoutesTheStageDefaultEach() {
        var throttles = new RouteThrottles(List.of(RouteThrottleSpec.of("POST /users", 1, 1, "test")),
                Optional.of(new RouteThrottles.StageDefault(1, 3)), now::get);

        assertThat(admitted(throttles, "POST /users", 5)).isEqualTo(1);
        assertThat(admitted(throttles, "GET /a", 5)).isEqualTo(3);
        assertThat(admitted(throttles, "GET /b", 5)).as("a bucket per route, not one for the stage").isEqualTo(3);
    }

    @Test
    void withoutAStageDefaultAnUndeclaredRouteIsNeverThrottled() {
        var throttles = new RouteThrottles(List.of(), Optional.empty(), now::get);

        assertThat(admitted(throttles, "GET /a", 10_000)).isEqualTo(10_000);
    }

    @Test
    void scaledEachRouteTakesItsShareAndAllShareTheAccountsThrottle() {
        var throttles = new RouteThrottles(List.of(RouteThrottleSpec.of("POST /users", 200, 500, "test")),
                Optional.empty(), now::get).scaled(new com.scaleout.local.limits.AwsLimits(100));

        assertThat(admitted(throttles, "POST /users", 10)).as("the route's burst of 500 / 100").isEqualTo(5);
        assertThat(admitted(throttles, "GET /a", 100)).as("the account's burst of 5,000 / 100, less the 5")
                .isEqualTo(45);
        now.addAndGet(SECOND);
        assertThat(admitted(throttles, "GET /b", 1_000)).as("a second of the account's 10,000 / 100")
                .isEqualTo(50);
    }
}
