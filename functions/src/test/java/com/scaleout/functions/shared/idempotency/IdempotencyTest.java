package com.scaleout.functions.shared.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.HttpResponses;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.testing.SettableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Idempotency-Key through the handler every HTTP function inherits, on an in-memory store. */
class IdempotencyTest {
    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-03T10:00:00Z"));
    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger busyAnswers = new AtomicInteger(1);
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
            "GET /things", request -> HttpResponses.json(200, Map.of("things", writes.incrementAndGet()))),
            new Idempotency(() -> store, clock)) {
    };

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

    @Test
    void aRequestWhileTheFirstIsRunningIs409WithRetryAfter() {
        var key = IdempotencyKey.of(new com.scaleout.functions.shared.http.ApiRequest(
                event("POST /things", "key-1", "{\"a\":1}", "user-1"))).orElseThrow();
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
        return handler.handleRequest(event(routeKey, key, body, user), null);
    }

    private static APIGatewayV2HTTPEvent event(String routeKey, String key, String body, String user) {
        var headers = new HashMap<String, String>();
        if (key != null) {
            headers.put("idempotency-key", key);
        }
        var authorizer = APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withLambda(Map.of("userId", user)).build();
        return APIGatewayV2HTTPEvent.builder().withRouteKey(routeKey).withRawPath(routeKey.substring(routeKey
                        .indexOf(' ') + 1)).withHeaders(headers).withBody(body).withIsBase64Encoded(false)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("r-1")
                        .withAuthorizer(authorizer).build())
                .build();
    }
}
