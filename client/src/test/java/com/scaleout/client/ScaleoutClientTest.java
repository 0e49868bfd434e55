package com.scaleout.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ScaleoutClientTest {
    private final FakeApi api = new FakeApi();

    ScaleoutClientTest() throws IOException {
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void aTypedCallSendsTheDocumentedRequestAndHandsBackTheAnswerAsItCame() throws Exception {
        api.answer(201, Map.of("Content-Type", "application/json", "Location", "/tweets/t1"),
                "{\"id\":\"t1\",\"text\":\"hello #scaleout\"}");

        var answer = ScaleoutClient.to(api.url()).build().social().tweet("tok", "hello #scaleout");

        var seen = api.only();
        assertThat(seen.method()).isEqualTo("POST");
        assertThat(seen.uri()).isEqualTo("/tweets");
        assertThat(seen.header("authorization")).containsExactly("Bearer tok");
        assertThat(seen.header("content-type")).containsExactly("application/json");
        assertThat(seen.body()).isEqualTo("{\"text\":\"hello #scaleout\"}");
        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.isSuccess()).isTrue();
        assertThat(answer.header("location")).hasValue("/tweets/t1");
        assertThat(answer.text("id")).isEqualTo("t1");
        assertThat(answer.request().uri().getPath()).isEqualTo("/tweets");
    }

    @Test
    void aProfileEditIsAPatchOfTheCallerSendingBothFieldsWithNullForAReset() throws Exception {
        api.answer(200, "{\"username\":\"ada\",\"displayName\":\"Ada Lovelace\",\"bio\":null}");

        var answer = ScaleoutClient.to(api.url()).build().social().editProfile("tok", "Ada Lovelace", null);

        var seen = api.only();
        assertThat(seen.method()).isEqualTo("PATCH");
        assertThat(seen.uri()).isEqualTo("/me");
        assertThat(seen.header("authorization")).containsExactly("Bearer tok");
        assertThat(seen.body()).isEqualTo("{\"displayName\":\"Ada Lovelace\",\"bio\":null}");
        assertThat(answer.text("displayName")).isEqualTo("Ada Lovelace");
    }

    @Test
    void anErrorIsAnAnswerWithItsStatusAndTheMessageOfEachWorkloadsShape() throws Exception {
        api.answer(400, "{\"message\":\"text is too long\",\"errors\":[{\"field\":\"text\",\"reason\":\"long\"}]}");
        api.answer(404, "{\"msg\":\"Key not found\"}");
        api.answer(422, "{\"status\":\"ERROR\",\"error\":\"Request cannot be processed; see errors.\"}");
        api.answer(502, Map.of(), "Bad Gateway");
        var client = ScaleoutClient.to(api.url()).build();

        var social = client.social().tweet("tok", "x".repeat(300));
        var album = client.albums().album("nope");
        var push = client.imports().push("tok", "[{}]");
        var gateway = client.social().profile("ada");

        assertThat(social.status()).isEqualTo(400);
        assertThat(social.message()).isEqualTo("text is too long");
        assertThat(social.json().get("errors").get(0).get("field").asText()).isEqualTo("text");
        assertThat(album.message()).isEqualTo("Key not found");
        assertThat(push.message()).isEqualTo("Request cannot be processed; see errors.");
        assertThat(gateway.message()).isEqualTo("Bad Gateway");
        assertThat(gateway.json()).isNull();
        assertThat(gateway.describe()).isEqualTo("GET /users/ada answered 502: Bad Gateway");
    }

    @Test
    void theClientsHeadersGoWithEveryRequestAndARequestsOwnReplacesThem() throws Exception {
        var client = ScaleoutClient.to(api.url() + "/").header(AdminApi.KEY_HEADER, "k")
                .header("Content-Type", "text/plain").build().withHeaders(Map.of("Idempotency-Key", "i-1"));

        client.admin().status();
        client.admin().stress("ada", 5, 2);

        assertThat(api.seen).hasSize(2);
        assertThat(api.seen.get(0).uri()).isEqualTo("/admin/status");
        assertThat(api.seen.get(0).header("x-admin-key")).containsExactly("k");
        assertThat(api.seen.get(0).header("idempotency-key")).containsExactly("i-1");
        assertThat(api.seen.get(0).header("content-type")).containsExactly("text/plain");
        assertThat(api.seen.get(1).header("content-type")).containsExactly("application/json");
        assertThat(api.seen.get(1).header("x-admin-key")).containsExactly("k");
    }

    @Test
    void busyAnswersAreSentAgainAsToldAndOnlyTheLastIsTheCallsAnswer() throws Exception {
        api.answer(429, "{\"message\":\"Too Many Requests\"}");
        api.answer(503, "{\"message\":\"Service Unavailable\"}");
        api.answer(201, "{\"status\":\"OK\",\"message\":\"Batch Accepted!\"}");
        var told = new ArrayList<ApiResponse>();
        var pauses = new ArrayList<Integer>();
        var client = ScaleoutClient.to(api.url()).resend(new BusyResend(
                answer -> answer.status() == 429 || answer.status() == 503, 5,
                attempt -> {
                    pauses.add(attempt);
                    return Duration.ofMillis(1);
                })).onAnswer(told::add).build();

        var answer = client.imports().push("tok", "[]");

        assertThat(answer.status()).isEqualTo(201);
        assertThat(api.seen).hasSize(3).allSatisfy(seen -> assertThat(seen.body()).isEqualTo("[]"));
        assertThat(pauses).containsExactly(1, 2);
        assertThat(told).containsExactly(answer);
    }

    @Test
    void theLastAttemptsAnswerIsTheCallsWhateverItIs() throws Exception {
        for (int i = 0; i < 3; i++) {
            api.answer(429, "{\"message\":\"Too Many Requests\"}");
        }
        var client = ScaleoutClient.to(api.url())
                .resend(new BusyResend(answer -> answer.status() == 429, 2, attempt -> Duration.ZERO)).build();

        assertThat(client.social().me("tok").status()).isEqualTo(429);
        assertThat(api.seen).hasSize(2);
    }

    @Test
    void aRefusedSignUpIsAnErrorNamingTheCallAndTheMessage() throws Exception {
        api.answer(409, "{\"message\":\"username is taken\"}");
        var social = ScaleoutClient.to(api.url()).build().social();

        assertThatThrownBy(() -> social.signUp("ada", "correct horse"))
                .isInstanceOf(ApiError.class).hasMessage("POST /users answered 409: username is taken")
                .satisfies(e -> assertThat(((ApiError) e).status()).isEqualTo(409));
        assertThat(api.seen).hasSize(1);
    }

    @Test
    void aSignUpRegistersThenLogsInAndGivesTheToken() throws Exception {
        api.answer(201, "{\"id\":\"u1\",\"username\":\"ada\"}");
        api.answer(201, "{\"token\":\"t-1\",\"expiresAt\":\"2026-12-04T00:00:00Z\"}");

        String token = ScaleoutClient.to(api.url()).build().social().signUp("ada", "correct horse");

        assertThat(token).isEqualTo("t-1");
        assertThat(api.seen).extracting(FakeApi.Seen::uri).containsExactly("/users", "/sessions");
        assertThat(api.seen.get(1).body()).contains("\"username\":\"ada\"", "\"password\":\"correct horse\"");
    }

    @Test
    void aPageAsksForItsLimitAndCursorEncoded() throws Exception {
        var client = ScaleoutClient.to(api.url()).build();

        client.social().page("/users/ada/tweets", null, 100, "a+b/c=");
        client.social().search("#tag @ada", 50, null);
        client.imports().changes("tok", "orders", "17", 1000);

        assertThat(api.seen).extracting(FakeApi.Seen::uri).containsExactly(
                "/users/ada/tweets?limit=100&cursor=a%2Bb%2Fc%3D",
                "/search?q=%23tag+%40ada&limit=50",
                "/v2/import/tables/orders/changes?limit=1000&after=17");
    }

    @Test
    void likesAreSentAsTheCallersOwnAndTheirListsArePages() throws Exception {
        var social = ScaleoutClient.to(api.url()).build().social();

        social.like("tok", "t1");
        social.unlike("tok", "t1");
        social.likers("t1", 20, null);
        social.likes("ada", "tok", 10, "c");
        social.tweetById("t1", "tok");

        assertThat(api.seen).extracting(FakeApi.Seen::method).containsExactly("PUT", "DELETE", "GET", "GET", "GET");
        assertThat(api.seen).extracting(FakeApi.Seen::uri).containsExactly("/tweets/t1/likes/me",
                "/tweets/t1/likes/me", "/tweets/t1/likes?limit=20", "/users/ada/likes?limit=10&cursor=c",
                "/tweets/t1");
        assertThat(api.seen.get(0).header("authorization")).containsExactly("Bearer tok");
        assertThat(api.seen.get(2).header("authorization")).isEmpty();
        assertThat(api.seen.get(4).header("authorization")).containsExactly("Bearer tok");
    }

    @Test
    void anImportKeyIsReadFromItsCreation() throws Exception {
        api.answer(201, "{\"keyId\":\"k1\",\"token\":\"k1.secret\",\"clientId\":42}");
        var admin = ScaleoutClient.to(api.url()).header(AdminApi.KEY_HEADER, "k").build().admin();

        var key = admin.importKey(42, "orders");
        admin.revokeImportKey(key.keyId());

        assertThat(key).isEqualTo(new ImportKey("k1", "k1.secret", 42));
        assertThat(api.seen.get(0).body()).contains("\"clientId\":42", "\"name\":\"orders\"");
        assertThat(api.seen.get(1).method()).isEqualTo("DELETE");
        assertThat(api.seen.get(1).uri()).isEqualTo("/admin/import-keys/k1");
    }

    @Test
    void noAnswerIsAnIoException() throws Exception {
        int closed;
        try (var socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        var client = ScaleoutClient.to("http://127.0.0.1:" + closed).connectTimeout(Duration.ofSeconds(5)).build();

        assertThatThrownBy(() -> client.social().profile("ada")).isInstanceOf(IOException.class);
    }

    @Test
    void aFakeTransportAnswersInsteadOfTheNetwork() throws Exception {
        var sent = new ArrayList<String>();
        var client = ScaleoutClient.to("http://stack.test").transport(request -> {
            sent.add(request.method() + " " + request.uri());
            return new ApiResponse(request, 204, java.net.http.HttpHeaders.of(Map.of(), (a, b) -> true), "");
        }).build();

        assertThat(client.albums().review("like", "a1").status()).isEqualTo(204);
        assertThat(sent).isEqualTo(List.of("POST http://stack.test/review/like/a1"));
    }
}
