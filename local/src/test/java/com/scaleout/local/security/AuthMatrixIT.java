package com.scaleout.local.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.LocalConfig;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.OwnStack;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The auth matrix, generated from the declaration: every declared route × every {@link Credential}, each cell a
 * test named after what it expects (e.g. "DELETE /tweets/{id} × expired session → 403"), through the local
 * runtime on moto_server and redis-server. A new route is in it without a line here; a new kind of guard or
 * credential, or a protected route without an {@link OtherCaller} rule, fails before it runs. No cell may answer
 * a 5xx, and every refusal is a JSON body with a message.
 */
@OwnStack // its own stack: the admin key's cell of POST /admin/reset empties the stores
class AuthMatrixIT extends ProductionApiIT {

    @BeforeAll
    static void gatewayCachesAuthorizerAnswers() {
        // LOGGED_OUT_SESSION is the gateway's cached "allow" reaching the handler; with the cache off it is a 403
        assertThat(LocalConfig.fromEnvironment().authorizerTtlOverride().filter(Duration::isZero))
                .as("the matrix expects the authorizer cache on (SCALEOUT_AUTHORIZER_TTL_SECONDS unset or > 0)")
                .isEmpty();
    }

    /**
     * The first login starts the accounts function (its SDK and Redis clients); on a loaded machine that can
     * outlast the function's timeout (the gateway's 503, which a client retries). That is no cell's business.
     */
    @BeforeAll
    static void warmTheLogin() {
        String username = unique("warm");
        var account = Map.of("username", username, "password", "password-" + username);
        await().atMost(Duration.ofMinutes(2)).until(() -> api.post("/users", null, account).status(),
                status -> status == 201 || status == 409);
        await().atMost(Duration.ofMinutes(2)).until(() -> api.post("/sessions", null, account).status(),
                status -> status == 201);
    }

    @TestFactory
    Stream<DynamicContainer> everyDeclaredRouteTimesEveryCredential() {
        // the reading routes share one world, and run first: a later route's cell may empty the stores (reset)
        Supplier<AuthWorld> readers = newWorld();
        var routes = ScaleoutDeclaration.declaration().routes();
        return Stream.concat(routes.stream().filter(AuthMatrixIT::reads).map(route -> route(route, readers)),
                routes.stream().filter(route -> !reads(route)).map(route -> route(route, newWorld())));
    }

    /** A world made when its first cell runs. */
    private static Supplier<AuthWorld> newWorld() {
        return once(() -> AuthWorld.create(api, fixture.runtime().dynamoDb()));
    }

    /** A GET: none of its cells changes the world, so the reading routes can share one. */
    private static boolean reads(RouteSpec route) {
        return "GET".equals(route.method().name());
    }

    /** A hand-written session is accepted while it lasts, so the expired one is refused for its expiry alone. */
    @Test
    void aForgedSessionIsAcceptedUntilItExpires() {
        String username = unique("fs");
        api.signUp(username);
        var profile = api.get("/users/" + username).json();
        var sessions = new ForgedSessions(fixture.runtime().dynamoDb());
        String lasting = sessions.sessionOf(profile.get("id").asText(), username, Instant.now().plusSeconds(3600));

        var me = api.get("/me", lasting);
        assertThat(me.status()).as(me.body()).isEqualTo(200);
        assertThat(me.text("username")).isEqualTo(username);
        String expired = sessions.sessionOf(profile.get("id").asText(), username, Instant.now().minusSeconds(1));
        assertThat(api.get("/me", expired).status()).isEqualTo(403);
    }

    /** One route's cells, the credential it is made for last: that one may log out, delete or reset. */
    private static DynamicContainer route(RouteSpec route, Supplier<AuthWorld> world) {
        Credential right = AuthMatrix.rightCredential(route);
        var cells = Stream.concat(Arrays.stream(Credential.values()).filter(c -> c != right), Stream.of(right))
                .map(credential -> cell(route, credential, world));
        return dynamicContainer(route.routeKey(), cells);
    }

    private static DynamicTest cell(RouteSpec route, Credential credential, Supplier<AuthWorld> world) {
        Expected expected = AuthMatrix.expected(route, credential);
        Optional<OtherCaller> rule = OtherCaller.credentialFor(Guard.of(route)).filter(credential::equals)
                .map(someoneElses -> OtherCaller.of(route));
        String name = route.routeKey() + " × " + credential.label() + " → " + expected.describe();
        return dynamicTest(name, () -> {
            AuthWorld w = world.get();
            rule.ifPresent(r -> r.setUp().accept(w));
            String body = rule.map(r -> r.body().apply(w)).orElse(null);
            Reply reply = send(w, route, credential.headers(w), body);
            check(name, w, route, expected, reply);
            rule.ifPresent(r -> r.verify().accept(w, reply));
        });
    }

    private static void check(String cell, AuthWorld world, RouteSpec route, Expected expected, Reply reply) {
        String answer = cell + ", answered " + reply.status() + " " + reply.body();
        assertThat(reply.status()).as("no 5xx on any credential: " + answer).isLessThan(500);
        switch (expected) {
            case Expected.Status status -> {
                assertThat(reply.status()).as(answer).isEqualTo(status.code());
                assertThat(reply.json()).as("a refusal says why, in JSON: " + answer).isNotNull();
                assertThat(reply.json().path("message").asText()).as(answer).isNotBlank();
            }
            case Expected.PastAuth past -> assertThat(reply.status()).as(answer).isNotIn(401, 403);
            case Expected.Ignored ignored -> {
                int without = send(world, route, Map.of(), null).status();
                assertThat(reply.status()).as("as without credentials (" + without + "): " + answer)
                        .isEqualTo(without).isNotIn(401, 403);
            }
        }
    }

    private static Reply send(AuthWorld world, RouteSpec route, Map<String, String> headers, String body) {
        return world.api().sendWithHeaders(route.method().name(), world.path(route), headers, body);
    }

    /** Made at first use, then kept: a route's world is built when its first cell runs. */
    private static <T> Supplier<T> once(Supplier<T> make) {
        return new Supplier<>() {
            private T made;

            @Override
            public synchronized T get() {
                if (made == null) {
                    made = make.get();
                }
                return made;
            }
        };
    }
}
