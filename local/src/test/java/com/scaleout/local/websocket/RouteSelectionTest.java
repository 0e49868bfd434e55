package com.scaleout.local.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.declaration.WebSocketApiSpec.Route;
import org.junit.jupiter.api.Test;

class RouteSelectionTest {
    private static final WebSocketApiSpec API = WebSocketApiSpec.builder("Live").throttle(10, 20)
            .route(Route.oneWay("$connect", "F")).route(Route.twoWay("subscribe", "F"))
            .route(Route.twoWay("$default", "F")).build();

    @Test
    void theActionOfAJsonObjectSelectsItsRouteAndAnythingElseTheDefault() {
        assertThat(RouteSelection.routeKey(API, "{\"action\":\"subscribe\",\"stream\":\"public\"}"))
                .isEqualTo("subscribe");
        assertThat(RouteSelection.routeKey(API, "{\"action\":\"unknown\"}")).isEqualTo("$default");
        assertThat(RouteSelection.routeKey(API, "{\"action\":\"$connect\"}")).isEqualTo("$default");
        assertThat(RouteSelection.routeKey(API, "{\"action\":1}")).isEqualTo("$default");
        assertThat(RouteSelection.routeKey(API, "[\"subscribe\"]")).isEqualTo("$default");
        assertThat(RouteSelection.routeKey(API, "{not json")).isEqualTo("$default");
        assertThat(RouteSelection.routeKey(API, "")).isEqualTo("$default");
    }

    @Test
    void connectionIdsHaveApiGatewaysShape() {
        assertThat(ConnectionIds.next()).matches("[A-Za-z0-9]{15}=").isNotEqualTo(ConnectionIds.next());
    }
}
