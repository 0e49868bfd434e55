package com.scaleout.functions.shared.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.Caller;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.testing.SettableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Idempotency-Key through the handler every HTTP function inherits, on an in-memory store. */
class IdempotencyTest {
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-03T10:00:00Z"));
    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger busyAnswers = new AtomicInteger(1);
    private final java.util.concurrent.atomic.AtomicBoolean stillHolds =
            new java.util.concurrent.atomic.AtomicBoolean(true);
    private final java.util.List<java.util.List<String>> drawn = new java.util.ArrayList<>();
    private final ApiHandler handler = new ApiHandler(Map.of(
            "POST /things", request -> HttpResponses.json(201, Map.of("thing", writes.incrementAndGet(),
                    "token", "secret-" + writes.get())),
            "POST /busy", request -> busyAnswers.getAndDecrement() > 0
                    ? HttpResponses.error(503, "busy", null) : HttpResponses.json(201, Map.of("thing", 0)),
            "POST /flaky", request -> {
                var ids = java.util.List.of(Ids.newId(), Ids.newId());
                drawn.add(ids);
                return drawn.size() == 1 ? HttpResponses.error(503, "stored, then busy", null)
                        : HttpResponses.json(201, Map.of("ids", ids));
            },
            "GET /things", request -> HttpResponses.json(200, Map.of("things", writes.incrementAndGet())),
            "POST /admin/things", ADMIN.guard(request -> HttpResponses.json(201, Map.of("token",
                    "secret-" + writes.incrementAndGet()))),
            "POST /off/things", OFF.guard(request -> HttpResponses.json(201, Map.of("thing",
                    writes.incrementAndGet()))),
            "POST /holding", ApiHandler.Route.replayedWhile(answer -> stillHolds.get(),
                    request -> HttpResponses.json(201, Map.of("thing", writes.incrementAndGet()))),
            "DELETE /sessions/current", ApiHandler.Route.guarded(
                    request -> Caller.byId("session", request.header("x-session")),
                    request -> HttpResponses.json(200, Map.of("loggedOut", writes.incrementAndGet())))),
            new Idempotency(() -> store, clock)) {
    };
    private static final AdminKey ADMIN = new AdminKey(Optional.of("the-admin-key"));
    private static final AdminKey OFF = new AdminKey(Optional.empty());

    @Test
    void theSameKeyAndRequestReplaysTheFirstAnswerWithoutWritingAgain() {
        var first = send("POST /things", "key-1", "{\"a\":1}", "user-1");
        var again = send("POST /things", "key-1", "{\"a\":1}", "user-1");

        assertThat(writes).hasValue(1);
        assertThat(again.getStatusCode()).isEqualTo(201);
        assertThat(again.getBody()).isEqualTo(first.getBody());
        assertThat(again.getHeaders()).containsEntry("idempotent-replayed", "true")
                .containsEntry("content-type", "application/json");
        assertThat(first.getHeaders()).doesNotContainKey("idempotent-replayed");
    }

    @Test
    void theSameKeyWithAnotherBodyIs422AndWritesNothing() {
        send("POST /things", "key-1", "{\"a\":1}", "user-1");
        var other = send("POST /things", "key-1", "{\"a\":2}", "user-1");

        assertThat(other.getStatusCode()).isEqualTo(422);
        assertThat(other.getBody()).contains("another request");
        assertThat(writes).hasValue(1);
    }

    @Test
    void aKeyIsTheCallersOwn() {
        send("POST /things", "key-1", "{\"a\":1}", "user-1");
        var someoneElse = send("POST /things", "key-1", "{\"a\":1}", "user-2");

        assertThat(someoneElse.getHeaders()).doesNotContainKey("idempotent-replayed");
        assertThat(writes).hasValue(2);
    }

    /**
     * Issue 45: the admin key was checked inside the route, after the replay, and the key's scope was the first
     * credential header present; so an admin answer sent with any Authorization header was replayed to whoever sent
     * that header, the key and the body. The route's own credential comes first now, and scopes the key.
     */
    @Test
    void aCallerTheRouteRefusesNeverReachesAStoredAnswerNorClaimsAKey() {
        var admin = Map.of("x-admin-key", "the-admin-key", "authorization", "Bearer whatever");
        var first = send("POST /admin/things", "key-1", "{}", null, admin);
        assertThat(first.getStatusCode()).isEqualTo(201);

        var noAdminKey = send("POST /admin/things", "key-1", "{}", null, Map.of("authorization", "Bearer whatever"));
        var wrongAdminKey = send("POST /admin/things", "key-1", "{}", null, Map.of("x-admin-key", "guess",
                "authorization", "Bearer whatever"));

        assertThat(noAdminKey.getStatusCode()).isEqualTo(401);
        assertThat(wrongAdminKey.getStatusCode()).isEqualTo(403);
        assertThat(List.of(noAdminKey, wrongAdminKey)).allSatisfy(refused -> {
            assertThat(refused.getHeaders()).doesNotContainKey("idempotent-replayed");
            assertThat(refused.getBody()).doesNotContain("secret-1");
        });
        assertThat(store.records).as("a refused request claims no key").hasSize(1);
        assertThat(send("POST /admin/things", "key-1", "{}", null, admin).getHeaders())
                .containsEntry("idempotent-replayed", "true");
        assertThat(writes).hasValue(1);
    }

    @Test
    void aRouteThatIsOffAnswers404AndClaimsNoKey() {
        var off = send("POST /off/things", "key-1", "{}", null, Map.of("x-admin-key", "anything"));

        assertThat(off.getStatusCode()).isEqualTo(404);
        assertThat(store.records).isEmpty();
        assertThat(writes).hasValue(0);
    }

    /** Issue 45: a login's answer was replayed after its session was logged out, handing back a dead token. */
    @Test
    void anAnswerThatNoLongerHoldsIsNotReplayedButRefused422() {
        var first = send("POST /holding", "key-1", "{}", "user-1");
        assertThat(send("POST /holding", "key-1", "{}", "user-1").getHeaders())
                .containsEntry("idempotent-replayed", "true");
        stillHolds.set(false);

        var after = send("POST /holding", "key-1", "{}", "user-1");

        assertThat(first.getStatusCode()).isEqualTo(201);
        assertThat(after.getStatusCode()).isEqualTo(422);
        assertThat(after.getBody()).contains("no longer holds").doesNotContain("\"thing\"");
        assertThat(writes).hasValue(1);
    }

    /** Issue 45: a logout's key is its session's, so another session's logout with the same key runs. */
    @Test
    void aKeyScopedToASessionIsNotReplayedToAnotherSessionOfTheSameUser() {
        send("DELETE /sessions/current", "key-1", null, "user-1", Map.of("x-session", "session-a"));
        var otherSession = send("DELETE /sessions/current", "key-1", null, "user-1",
                Map.of("x-session", "session-b"));

        assertThat(otherSession.getHeaders()).doesNotContainKey("idempotent-replayed");
        assertThat(writes).hasValue(2);
    }

    @Test
    void aRequestWhileTheFirstIsRunningIs409WithRetryAfter() {
        var request = new com.scaleout.functions.shared.http.ApiRequest(
                event("POST /things", "key-1", "{\"a\":1}", "user-1"));
        var key = IdempotencyKey.of(request, com.scaleout.functions.shared.http.Caller.of(request)).orElseThrow();
        store.claim(key.id(), key.fingerprint(), "another attempt", clock.instant().plusSeconds(30),
                clock.instant().plus(Duration.ofHours(24)), clock.instant());

        var meanwhile = send("POST /things", "key-1", "{\"a\":1}", "user-1");

        assertThat(meanwhile.getStatusCode()).isEqualTo(409);
        assertThat(meanwhile.getHeaders()).containsEntry("retry-after", "1");
        assertThat(writes).hasValue(0);

        clock.advance(Duration.ofSeconds(31)); // its invocation ran out of time: the key is free again
        assertThat(send("POST /things", "key-1", "{\"a\":1}", "user-1").getStatusCode()).isEqualTo(201);
        assertThat(writes).hasValue(1);
    }

    @Test
    void aRetryLaterAnswerIsNotKeptSoTheRetryRuns() {
        assertThat(send("POST /busy", "key-1", "{}", "user-1").getStatusCode()).isEqualTo(503);
        var retry = send("POST /busy", "key-1", "{}", "user-1");

        assertThat(retry.getStatusCode()).isEqualTo(201);
        assertThat(retry.getHeaders()).doesNotContainKey("idempotent-replayed");
    }

    /** Issue 45: a release lost to a busy table held the key, and the retry after Retry-After met 409s. */
    @Test
    void aReleaseThatFailsOnceIsRetriedSoTheRetryRuns() {
        store.reopenFailures = 1;
        assertThat(send("POST /busy", "key-1", "{}", "user-1").getStatusCode()).isEqualTo(503);

        var retry = send("POST /busy", "key-1", "{}", "user-1");

        assertThat(retry.getStatusCode()).isEqualTo(201);
    }

    /**
     * A run that stored its write and then answered 503 gives the key back; the retry runs again and draws the same
     * ids, so its conditional writes find the first run's write as their own instead of storing a second one.
     */
    @Test
    void aRetryAfterARetryLaterAnswerDrawsTheSameIdsAsTheFirstRun() {
        assertThat(send("POST /flaky", "key-1", "{}", "user-1").getStatusCode()).isEqualTo(503);
        clock.advance(Duration.ofSeconds(3));
        assertThat(send("POST /flaky", "key-1", "{}", "user-1").getStatusCode()).isEqualTo(201);

        assertThat(drawn).hasSize(2);
        assertThat(drawn.get(1)).isEqualTo(drawn.get(0)).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(Ids.isId(id)).isTrue());
        assertThat(com.github.f4b6a3.ulid.Ulid.from(drawn.get(0).get(0)).getInstant())
                .as("the first run's time").isEqualTo(Instant.parse("2026-12-03T10:00:00Z"));
        assertThat(Ids.newId()).as("outside a keyed run, ids are random").isNotIn(drawn.get(0));
        send("POST /flaky", "key-2", "{}", "user-1");
        assertThat(drawn.get(2)).as("another key, other ids").doesNotContainAnyElementsOf(drawn.get(0));
    }

    @Test
    void aKeyIsRememberedForADay() {
        send("POST /things", "key-1", "{\"a\":1}", "user-1");
        clock.advance(Duration.ofHours(24).plusSeconds(1));
        send("POST /things", "key-1", "{\"a\":1}", "user-1");

        assertThat(writes).hasValue(2);
    }

    @Test
    void getIgnoresTheKeyAndAWriteWithoutOneRunsEveryTime() {
        send("GET /things", "key-1", null, "user-1");
        send("GET /things", "key-1", null, "user-1");
        send("POST /things", null, "{\"a\":1}", "user-1");
        send("POST /things", null, "{\"a\":1}", "user-1");

        assertThat(writes).hasValue(4);
        assertThat(store.records).isEmpty();
    }

    @Test
    void aMalformedKeyIs400() {
        for (String bad : new String[] {"", " ", "a b", "é", "x".repeat(256)}) {
            var answer = send("POST /things", bad, "{}", "user-1");
            assertThat(answer.getStatusCode()).as("key '%s'", bad).isEqualTo(400);
            assertThat(answer.getBody()).contains("Idempotency-Key");
        }
        assertThat(writes).hasValue(0);
        // a structured-field string (the IETF draft's form) is the key inside the quotes
        send("POST /things", "\"quoted\"", "{}", "user-1");
        assertThat(send("POST /things", "quoted", "{}", "user-1").getHeaders()).containsKey("idempotent-replayed");
    }

    @Test
    void theStoreHoldsNeitherTheKeyNorTheRequestNorTheResponseInTheClear() {
        send("POST /things", "key-secret", "{\"password\":\"hunter22\"}", "user-1");

        var held = store.records.values().iterator().next();
        String stored = store.records.keySet().iterator().next() + held.fingerprint()
                + new String(held.response(), StandardCharsets.ISO_8859_1);
        assertThat(stored).doesNotContain("key-secret").doesNotContain("hunter22").doesNotContain("secret-1");
    }

    private APIGatewayV2HTTPResponse send(String routeKey, String key, String body, String user) {
        return send(routeKey, key, body, user, Map.of());
    }

    private APIGatewayV2HTTPResponse send(String routeKey, String key, String body, String user,
                                          Map<String, String> headers) {
        return handler.handleRequest(event(routeKey, key, body, user, headers), null);
    }

    private static APIGatewayV2HTTPEvent event(String routeKey, String key, String body, String user) {
        return event(routeKey, key, body, user, Map.of());
    }

    private static APIGatewayV2HTTPEvent event(String routeKey, String key, String body, String user,
                                               Map<String, String> extraHeaders) {
        var headers = new HashMap<String, String>(extraHeaders);
        if (key != null) {
            headers.put("idempotency-key", key);
        }
        var authorizer = APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withLambda(user == null ? Map.of() : Map.of("userId", user)).build();
        return APIGatewayV2HTTPEvent.builder().withRouteKey(routeKey).withRawPath(routeKey.substring(routeKey
                        .indexOf(' ') + 1)).withHeaders(headers).withBody(body).withIsBase64Encoded(false)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("r-1")
                        .withAuthorizer(authorizer).build())
                .build();
    }
}
