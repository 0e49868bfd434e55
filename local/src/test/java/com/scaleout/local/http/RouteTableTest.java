package com.scaleout.local.http;

import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.HttpMethod.POST;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.RouteSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RouteTableTest {
    private final RouteTable routes = new RouteTable(List.of(
            RouteSpec.publicRoute(GET, "/tweets/{id}", "F"),
            RouteSpec.publicRoute(GET, "/tweets/recent", "F"),
            RouteSpec.publicRoute(GET, "/tweets/{id}/replies", "F"),
            RouteSpec.publicRoute(POST, "/tweets/{id}/retweets", "F"),
            RouteSpec.publicRoute(GET, "/static/{path+}", "F"),
            RouteSpec.publicRoute(GET, "/", "F")));

    private String routeKey(String method, String path) {
        return routes.match(method, path).map(m -> m.route().routeKey()).orElse("none");
    }

    @Test
    void aLiteralSegmentBeatsAVariable() {
        assertThat(routeKey("GET", "/tweets/recent")).isEqualTo("GET /tweets/recent");
        assertThat(routeKey("GET", "/tweets/123")).isEqualTo("GET /tweets/{id}");
    }

    @Test
    void matchesWholePathsOnlyAndByMethod() {
        assertThat(routeKey("GET", "/tweets/1/replies")).isEqualTo("GET /tweets/{id}/replies");
        assertThat(routeKey("GET", "/tweets/1/retweets")).isEqualTo("none");
        assertThat(routeKey("POST", "/tweets/1/retweets")).isEqualTo("POST /tweets/{id}/retweets");
        assertThat(routeKey("GET", "/tweets")).isEqualTo("none");
        assertThat(routeKey("GET", "/tweets/")).isEqualTo("none");
        assertThat(routeKey("GET", "/")).isEqualTo("GET /");
    }

    @Test
    void decodesPathParametersAndTakesTheRestForAGreedyVariable() {
        assertThat(routes.match("GET", "/tweets/a%20b%2Bc").orElseThrow().pathParameters())
                .isEqualTo(Map.of("id", "a b+c"));
        assertThat(routes.match("GET", "/static/css/site%20main.css").orElseThrow().pathParameters())
                .isEqualTo(Map.of("path", "css/site main.css"));
        assertThat(routeKey("GET", "/static")).isEqualTo("none");
    }
}
