package com.scaleout.functions.health;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;
import java.util.List;
import java.util.Set;

/** {@code GET /health} reads nothing of the request: any request gets the report, 200 with both parts up. */
class HealthRoutesFuzzTest {
    private static final DependencyProbe UP = new DependencyProbe() {
        @Override
        public String name() {
            return "dynamodb";
        }

        @Override
        public void check() {
        }
    };

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        RouteFuzzing.exercise(new HealthHandler(new HealthCheck(List.of(UP))), Set.of("GET /health"), input,
                "message");
    }
}
