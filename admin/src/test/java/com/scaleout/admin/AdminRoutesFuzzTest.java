package com.scaleout.admin;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;

/** The test interface's routes (seed, reset, status, stress) on any request, behind the samples' admin key. */
class AdminRoutesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        var handler = new AdminWorld().handler;
        RouteFuzzing.exercise(handler, handler.routes().keySet(), input, "message");
    }
}
