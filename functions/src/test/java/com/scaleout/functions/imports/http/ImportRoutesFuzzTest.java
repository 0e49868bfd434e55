package com.scaleout.functions.imports.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;

/** Every import route (Stitch, RJMetrics, the change log) on any request, with the samples' keys in store. */
class ImportRoutesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        var handler = new ImportRoutesWorld().handler;
        RouteFuzzing.exercise(handler, handler.routes().keySet(), input, "message");
    }
}
