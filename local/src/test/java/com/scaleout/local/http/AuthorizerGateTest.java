package com.scaleout.local.http;

import static com.scaleout.declaration.HttpMethod.GET;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.AuthorizerSpec;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.lambda.FunctionCode;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.testing.SettableClock;
import com.scaleout.local.testing.TokenAuthorizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AuthorizerGateTest {
    private final FunctionPool function = new FunctionPool(
            FunctionSpec.of("Authorizer", TokenAuthorizer.class.getName()), FunctionCode.shared());
    private final AuthorizerSpec spec = AuthorizerSpec.onAuthorizationHeader("Tokens", "Authorizer", 60);
    private final RouteTable.Match match = new RouteTable.Match(
            RouteSpec.authorized(GET, "/private/{id}", "Echo", "Tokens"), Map.of("id", "1"));
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));

    @AfterEach
    void close() {
        function.close();
    }

    private static HttpRequestData request(String authorization) {
        return new HttpRequestData("GET", "/private/1", null, "HTTP/1.1",
                Map.of("Authorization", List.of(authorization)), new byte[0], "127.0.0.1");
    }

    @Test
    void cachesEachIdentityForTheTtlThenAsksAgain() throws Exception {
        var gate = new AuthorizerGate(spec, function, Optional.empty(), clock);
        int calls = TokenAuthorizer.CALLS.get();

        var first = gate.authorize(request("Bearer good-ann"), match, "r1");
        clock.advance(Duration.ofSeconds(59));
        gate.authorize(request("Bearer good-ann"), match, "r2");
        assertThat(TokenAuthorizer.CALLS.get() - calls).isEqualTo(1);

        clock.advance(Duration.ofSeconds(2));
        gate.authorize(request("Bearer good-ann"), match, "r3");
        assertThat(TokenAuthorizer.CALLS.get() - calls).isEqualTo(2);
        assertThat(first).isEqualTo(new AuthorizerGate.Decision.Allow(
                Map.of("userId", "ann", "routeKey", "GET /private/{id}")));
    }

    @Test
    void aZeroTtlOverrideAsksEveryTimeAndDenialsAreDecisionsToo() throws Exception {
        var gate = new AuthorizerGate(spec, function, Optional.of(Duration.ZERO), clock);
        int calls = TokenAuthorizer.CALLS.get();

        var denied = gate.authorize(request("Bearer stolen"), match, "r1");
        gate.authorize(request("Bearer stolen"), match, "r2");

        assertThat(denied).isInstanceOf(AuthorizerGate.Decision.Deny.class);
        assertThat(TokenAuthorizer.CALLS.get() - calls).isEqualTo(2);
        assertThat(gate.authorize(request(" "), match, "r3"))
                .isInstanceOf(AuthorizerGate.Decision.MissingIdentity.class);
    }
}
