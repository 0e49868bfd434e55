package com.scaleout.local.retries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Idempotency-Key through the local runtime (issue 21): concurrent sends of one key, a key reused for another
 * request, malformed keys in each workload's error shape, a GET that ignores the key, and (issue 45) no stored
 * answer for a caller the route no longer admits. Every write route's replay
 * under lost answers is {@link RetriedWritesIT}'s.
 */
class IdempotencyKeyIT extends ProductionApiIT {
    private static Stage stage;

    @BeforeAll
    static void warmUp() {
        await().atMost(Duration.ofMinutes(2)).ignoreExceptions().until(() -> api.signUp(unique("warm")) != null);
        stage = new Stage(api, fixture.runtime().dynamoDb());
    }

    @Test
    void concurrentSendsOfOneKeyWriteOnceAndAnswerTheFirstResultOrRetryLater() throws Exception {
        var author = stage.account("ikc");
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        var replies = new ArrayList<Reply>();
        try (var pool = Executors.newFixedThreadPool(8)) {
            var sends = new ArrayList<Future<Reply>>();
            for (int i = 0; i < 8; i++) {
                sends.add(pool.submit((Callable<Reply>) () -> keyed.post("/tweets", author.token(),
                        Map.of("text", "once, whatever the clients do"))));
            }
            for (var send : sends) {
                replies.add(send.get());
            }
        }

        assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).as(reply.body()).isIn(201, 409));
        var created = replies.stream().filter(reply -> reply.status() == 201).toList();
        assertThat(created).isNotEmpty();
        assertThat(created).extracting(reply -> reply.text("id")).as("every 201 is the same tweet").containsOnly(
                created.getFirst().text("id"));
        assertThat(replies.stream().filter(reply -> reply.status() == 409))
                .allSatisfy(reply -> assertThat(reply.raw().headers().firstValue("retry-after")).isPresent());
        assertThat(stage.profile(author.username()).get("tweets").asInt()).as("one tweet").isEqualTo(1);
        assertThat(stage.items("/users/" + author.username() + "/tweets")).hasSize(1);
    }

    /**
     * A POST /tweets whose transaction was applied but whose every answer was lost answers 503 (the SDK gave up);
     * the client's retry with the same key runs again, draws the same tweet id and finds the tweet as its own: one
     * tweet, counted once, and the retry's 201 names it.
     */
    @Test
    void aRetryAfterA503ForAStoredWriteFindsItInsteadOfWritingItAgain() throws Exception {
        var author = stage.account("ik5");
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        Reply busy;
        try (var fault = SharedBackends.get().lostAnswers().lose(0).losingEveryAttemptOf("TransactWriteItems")) {
            busy = keyed.post("/tweets", author.token(), Map.of("text", "stored, though the answer said busy"));
            assertThat(fault.lost()).as("the transaction's answers lost").isPositive();
        }
        assertThat(busy.status()).as(busy.body()).isEqualTo(503);
        assertThat(stage.profile(author.username()).get("tweets").asInt()).as("stored all the same").isEqualTo(1);

        var retried = keyed.post("/tweets", author.token(), Map.of("text", "stored, though the answer said busy"));

        assertThat(retried.status()).as(retried.body()).isEqualTo(201);
        assertThat(stage.profile(author.username()).get("tweets").asInt()).as("not stored twice").isEqualTo(1);
        assertThat(stage.items("/users/" + author.username() + "/tweets")).hasSize(1)
                .first().satisfies(tweet -> assertThat(tweet.get("id").asText()).isEqualTo(retried.text("id")));
    }

    @Test
    void aKeySentWithAnotherRequestIs422AndWritesNothing() {
        var author = stage.account("ikr");
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        assertThat(keyed.post("/tweets", author.token(), Map.of("text", "the first")).status()).isEqualTo(201);

        var reused = keyed.post("/tweets", author.token(), Map.of("text", "another"));

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.text("message")).contains("another request");
        assertThat(stage.profile(author.username()).get("tweets").asInt()).isEqualTo(1);
    }

    @Test
    void aMalformedKeyIs400InTheWorkloadsOwnErrorShape() {
        var badKey = api.withHeaders(Map.of("Idempotency-Key", "x".repeat(256)));
        var author = stage.account("ikm");

        var social = badKey.post("/tweets", author.token(), Map.of("text", "never posted"));
        var albums = badKey.send("POST", "/review/like/" + stage.album("Malformed " + UUID.randomUUID()), null, null);
        var imports = badKey.post("/v2/import/push", stage.importKey().token(), "[]");

        assertThat(List.of(social.status(), albums.status(), imports.status())).containsOnly(400);
        assertThat(social.text("message")).contains("Idempotency-Key");
        assertThat(albums.text("msg")).contains("Idempotency-Key");
        assertThat(imports.text("status")).isEqualTo("ERROR");
        assertThat(stage.profile(author.username()).get("tweets").asInt()).isZero();
    }

    /**
     * Issue 45's finding: an admin request that also carried an Authorization header was replayed, token and all, to
     * anyone who sent that header, the key and the body without the admin key. The admin key is checked first now.
     */
    @Test
    void anAdminAnswerIsNeverReplayedToACallerWithoutTheAdminKey() {
        String key = "adm-" + UUID.randomUUID();
        String body = "{\"clientId\":77,\"name\":\"t\"}";
        var created = api.sendWithHeaders("POST", "/admin/import-keys", Map.of("x-admin-key", Stage.ADMIN_KEY,
                "authorization", "Bearer whatever", "idempotency-key", key), body);
        assertThat(created.status()).isEqualTo(201);

        var withoutAdminKey = api.sendWithHeaders("POST", "/admin/import-keys", Map.of(
                "authorization", "Bearer whatever", "idempotency-key", key), body);
        var wrongAdminKey = api.sendWithHeaders("POST", "/admin/import-keys", Map.of("x-admin-key", "wrong",
                "authorization", "Bearer whatever", "idempotency-key", key), body);

        assertThat(withoutAdminKey.status()).isEqualTo(401);
        assertThat(wrongAdminKey.status()).isEqualTo(403);
        for (Reply refused : List.of(withoutAdminKey, wrongAdminKey)) {
            assertThat(refused.raw().headers().firstValue("idempotent-replayed")).isEmpty();
            assertThat(refused.raw().body()).doesNotContain(created.text("token"));
        }
        // the admin, sending it again, still gets the first answer
        var again = api.sendWithHeaders("POST", "/admin/import-keys", Map.of("x-admin-key", Stage.ADMIN_KEY,
                "authorization", "Bearer whatever", "idempotency-key", key), body);
        assertThat(again.text("token")).isEqualTo(created.text("token"));
        assertThat(again.raw().headers().firstValue("idempotent-replayed")).contains("true");
    }

    /** A revoked import key reaches none of the answers stored for it. */
    /** Issue 45: a login replayed after its session's logout handed back the dead token. */
    @Test
    void aLoginIsReplayedWhileItsSessionLastsAndRefusedOnceItIsLoggedOut() {
        var account = stage.account("ikl");
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        var credentials = Map.of("username", account.username(), "password", "password-" + account.username());
        var login = keyed.post("/sessions", null, credentials);
        assertThat(login.status()).isEqualTo(201);
        var again = keyed.post("/sessions", null, credentials);
        assertThat(again.text("token")).isEqualTo(login.text("token"));
        assertThat(again.raw().headers().firstValue("idempotent-replayed")).contains("true");

        assertThat(api.delete("/sessions/current", login.text("token")).status()).isEqualTo(204);
        var afterLogout = keyed.post("/sessions", null, credentials);

        assertThat(afterLogout.status()).as(afterLogout.body()).isEqualTo(422);
        assertThat(afterLogout.text("message")).contains("no longer holds");
        assertThat(afterLogout.body()).doesNotContain(login.text("token"));
    }

    @Test
    void aRevokedImportKeyGetsNoReplay() {
        var importKey = stage.importKey();
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        String push = "[{\"client_id\":" + importKey.clientId() + ",\"table_name\":\"revoked\",\"sequence\":1,"
                + "\"action\":\"upsert\",\"key_names\":[\"id\"],\"data\":{\"id\":1}}]";
        assertThat(keyed.post("/v2/import/push", importKey.token(), push).status()).isEqualTo(201);
        assertThat(stage.admin("DELETE", "/admin/import-keys/" + importKey.keyId(), null).status()).isEqualTo(204);

        var replayed = keyed.post("/v2/import/push", importKey.token(), push);

        assertThat(replayed.status()).isEqualTo(401);
        assertThat(replayed.raw().headers().firstValue("idempotent-replayed")).isEmpty();
    }

    @Test
    void aReadIgnoresTheKey() {
        var author = stage.account("ikg");
        var keyed = api.withHeaders(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        assertThat(keyed.get("/users/" + author.username()).raw().headers().firstValue("idempotent-replayed"))
                .isEmpty();
        assertThat(keyed.post("/tweets", author.token(), Map.of("text", "after a read")).status()).isEqualTo(201);
        assertThat(keyed.get("/users/" + author.username()).json().get("tweets").asInt()).isEqualTo(1);
    }
}
