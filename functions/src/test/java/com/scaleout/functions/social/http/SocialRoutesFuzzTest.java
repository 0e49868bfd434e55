package com.scaleout.functions.social.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;
import java.util.HashSet;

/**
 * Every social route on any request, in a freshly seeded world (so an input replays the same way): accounts,
 * sessions, tweets, follows, timelines, recommendations and search. The request names its route; the function
 * that serves it handles it, as API Gateway would route it.
 */
class SocialRoutesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        var world = SocialWorld.seeded();
        var routeKeys = new HashSet<String>();
        world.handlers().forEach(handler -> routeKeys.addAll(handler.routes().keySet()));
        RouteFuzzing.exercise((event, context) -> world.handle(event), routeKeys, input, "message");
    }
}
