package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import org.junit.jupiter.api.Test;

/** The cost benchmark covers every declared route: a case to call it, and a minimum with its reason. */
class CostCoverageTest {
    private static final java.util.List<String> ROUTES = ScaleoutDeclaration.declaration().routes().stream()
            .map(RouteSpec::routeKey).toList();

    @Test
    void everyDeclaredRouteHasACase() {
        var cases = new CostWorld(new BenchClient("http://127.0.0.1:1"), "key").cases();
        assertThat(cases.keySet()).containsExactlyInAnyOrderElementsOf(ROUTES);
    }

    @Test
    void everyDeclaredRouteHasAMinimumAndAReason() {
        for (String route : ROUTES) {
            assertThatCode(() -> RouteMinimums.of(route)).as(route).doesNotThrowAnyException();
            assertThat(RouteMinimums.of(route).why()).as(route).isNotBlank();
        }
    }
}
