package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.shared.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import com.scaleout.local.testing.AllAtOnce;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import org.junit.jupiter.api.Test;

/** Registration, sessions and profiles through the local runtime (production declaration, authorizer cached). */
class AccountsIT extends ProductionApiIT {
    @Test
    void registersAUserAndShowsItsProfile() {
        String name = unique("Ann_");
        var created = api.post("/users", null, Map.of("username", name, "password", "correct horse",
                "displayName", "  Ann Example  "));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("id").asText()).hasSize(26);
        assertThat(created.text("username")).isEqualTo(name);
        assertThat(created.text("displayName")).isEqualTo("Ann Example");
        assertThat(created.text("createdAt")).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
        assertThat(created.body()).doesNotContain("password").doesNotContain("correct horse");

        var profile = api.get("/users/" + name.toLowerCase());
        assertThat(profile.status()).isEqualTo(200);
        assertThat(profile.text("id")).isEqualTo(created.text("id"));
        assertThat(profile.json().get("followers").asLong()).isZero();
        assertThat(profile.json().get("following").asLong()).isZero();
        assertThat(profile.json().get("tweets").asLong()).isZero();
    }

    /** Issue 23: PATCH /me edits the caller's display name and bio, shown on the profile; bad fields are a 400. */
    @Test
    void aUserEditsTheirDisplayNameAndBioAndEveryoneSeesThem() {
        String name = unique("ed");
        String token = api.signUp(name);

        var edited = api.patch("/me", token, Map.of("displayName", " Edith Example ", "bio", "Writes code."));

        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
        assertThat(edited.text("displayName")).isEqualTo("Edith Example");
        assertThat(edited.text("bio")).isEqualTo("Writes code.");
        var profile = api.get("/users/" + name);
        assertThat(profile.text("displayName")).isEqualTo("Edith Example");
        assertThat(profile.text("bio")).isEqualTo("Writes code.");
        var reset = api.patch("/me", token, "{\"displayName\": null}");
        assertThat(reset.text("displayName")).as("the username").isEqualTo(name);
        assertThat(reset.text("bio")).as("kept").isEqualTo("Writes code.");

        var tooLong = api.patch("/me", token, Map.of("displayName", "d".repeat(51), "bio", "b".repeat(161)));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.json().get("errors")).hasSize(2);
        assertThat(api.patch("/me", token, "{\"bio\": 7}").status()).isEqualTo(400);
        assertThat(api.patch("/me", null, Map.of("bio", "anonymous")).status()).isEqualTo(401);
        assertThat(api.get("/me", token).text("bio")).as("unchanged by the refusals").isEqualTo("Writes code.");
    }

    /**
     * Display names are cached in Redis (name:{userId}): a page read before an edit cached the old name, the edit
     * replaces it, so the next page shows the new name at once; with the cached name lost (a flush or an eviction)
     * the page reads it from Users again, the edited one.
     */
    @Test
    void anEditedDisplayNameShowsAtOnceOnTweetsAndSurvivesTheLossOfItsCachedCopy() throws Exception {
        String name = unique("rn");
        String token = api.signUp(name);
        assertThat(api.post("/tweets", token, Map.of("text", "named")).status()).isEqualTo(201);
        String tweets = "/users/" + name + "/tweets";
        assertThat(authorNames(tweets)).as("before, and now cached").containsExactly(name);

        assertThat(api.patch("/me", token, Map.of("displayName", "Renamed Person")).status()).isEqualTo(200);
        assertThat(authorNames(tweets)).as("at once").containsExactly("Renamed Person");

        String userId = api.get("/me", token).text("id");
        assertThat(SharedBackends.redis().del("name:{" + userId + "}")).as("the cached copy existed").isEqualTo(1);
        assertThat(authorNames(tweets)).as("from Users").containsExactly("Renamed Person");
        assertThat(SharedBackends.redis().get("name:{" + userId + "}")).as("cached again").isEqualTo("Renamed Person");
    }

    private List<String> authorNames(String path) {
        var names = new java.util.ArrayList<String>();
        api.get(path).json().get("items").forEach(tweet -> names.add(tweet.get("author").get("displayName").asText()));
        return names;
    }

    /**
     * Issue 23: a session route's refusals say what to do. A header without the Bearer scheme reaches the handler
     * (the authorizer lets it through with the reason) and is a 401 saying so, for every such header, the second time
     * from the gateway's cache of the authorizer's answer; a token of no session is the authorizer's denial (403).
     */
    @Test
    void aSessionRouteRefusesAHeaderWithoutTheBearerScheme401SayingWhatToSend() {
        String token = api.signUp(unique("hdr"));

        for (String header : List.of(token, "Token " + token, "Basic YWxpY2U6c2VjcmV0", "Bearer")) {
            for (int attempt = 0; attempt < 2; attempt++) {
                var refused = api.sendWithHeaders("GET", "/me", Map.of("authorization", header), null);
                assertThat(refused.status()).as(header).isEqualTo(401);
                assertThat(refused.text("message")).as(header).contains("Authorization: Bearer <token>");
            }
        }
        assertThat(api.sendWithHeaders("GET", "/me", Map.of("authorization", "Bearer not-a-session"), null)
                .status()).isEqualTo(403);
        assertThat(api.get("/me", token).status()).as("the token itself works").isEqualTo(200);
        assertThat(api.get("/me").status()).as("no header: the gateway's own 401").isEqualTo(401);
    }

    @Test
    void usernamesAreUniqueRegardlessOfCase() {
        String name = unique("dup");
        assertThat(api.post("/users", null, Map.of("username", name, "password", "tidy-lantern-42")).status())
                .isEqualTo(201);

        var again = api.post("/users", null, Map.of("username", name.toUpperCase(), "password", "tidy-lantern-42"));

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.text("message")).isEqualTo("Username is taken");
    }

    @Test
    void rejectsBadRegistrationsWithA400NamingTheField() {
        assertThat(api.post("/users", null, "{not json").status()).isEqualTo(400);
        assertThat(api.post("/users", null, "").text("message")).contains("body is required");
        assertThat(api.post("/users", null, "[1,2]").status()).isEqualTo(400);
        var wrongType = api.post("/users", null, "{\"username\": 123, \"password\": \"tidy-lantern-42\"}");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().get("errors").get(0).get("field").asText()).isEqualTo("username");
        var missing = api.post("/users", null, "{}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("errors")).hasSize(2);
        for (String bad : new String[] {"ab", "sixteen_chars_xx", "bad-dash", "spa ce", "émile"}) {
            var response = api.post("/users", null, Map.of("username", bad, "password", "tidy-lantern-42"));
            assertThat(response.status()).as(bad).isEqualTo(400);
            assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("username");
        }
        var shortPassword = api.post("/users", null, Map.of("username", unique("pw"), "password", "1234567"));
        assertThat(shortPassword.json().get("errors").get(0).get("field").asText()).isEqualTo("password");
        var longPassword = api.post("/users", null, Map.of("username", unique("pw"), "password", "x".repeat(129)));
        assertThat(longPassword.status()).isEqualTo(400);
        var commonPassword = api.post("/users", null, Map.of("username", unique("pw"), "password", "12345678"));
        assertThat(commonPassword.status()).isEqualTo(400);
        assertThat(commonPassword.json().get("errors").get(0).get("reason").asText())
                .isEqualTo("is too easy to guess: This is a top-10 common password.");
        var blankPassword = api.post("/users", null, Map.of("username", unique("pw"), "password", " \t".repeat(5)));
        assertThat(blankPassword.status()).isEqualTo(400);
        assertThat(blankPassword.json().get("errors").get(0).get("field").asText()).isEqualTo("password");
        var unknownFieldIgnored = api.post("/users", null, Map.of("username", unique("uf"),
                "password", "tidy-lantern-42", "isAdmin", true));
        assertThat(unknownFieldIgnored.status()).isEqualTo(201);
    }

    @Test
    void logsInAndOutAndTheTokenStopsWorkingAtOnce() {
        String name = unique("bob");
        String token = api.signUp(name);

        var me = api.get("/me", token);
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.text("username")).isEqualTo(name);

        assertThat(api.delete("/sessions/current", token).status()).isEqualTo(204);
        // the gateway may still cache "allow" for this token (300 s); the handlers refuse it anyway
        var after = api.get("/me", token);
        assertThat(after.status()).isEqualTo(401);
        assertThat(api.post("/tweets", token, Map.of("text", "still here?")).status()).isEqualTo(401);
    }

    @Test
    void aWrongPasswordAndAnUnknownUserGetTheSame401() {
        String name = unique("eve");
        api.signUp(name);

        var wrongPassword = api.post("/sessions", null, Map.of("username", name, "password", "not-the-password"));
        var unknownUser = api.post("/sessions", null, Map.of("username", unique("nobody"), "password", "whatever1"));

        assertThat(wrongPassword.status()).isEqualTo(401);
        assertThat(unknownUser.status()).isEqualTo(401);
        assertThat(wrongPassword.text("message")).isEqualTo(unknownUser.text("message"));
    }

    @Test
    void guessingAPasswordMeets429WithRetryAfterAndTheRightOneWaitsToo() {
        String name = unique("gue");
        api.signUp(name);
        for (int i = 0; i < 5; i++) {
            assertThat(api.post("/sessions", null, Map.of("username", name, "password", "guess-" + i)).status())
                    .isEqualTo(401);
        }

        var refused = ApiClient.refusalsAsTheyCome(fixture.runtime().url())
                .post("/sessions", null, Map.of("username", name, "password", "password-" + name));

        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        long retryAfter = Long.parseLong(refused.raw().headers().firstValue("retry-after").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 900L);
        assertThat(refused.text("message")).contains("Too many failed logins");
        // another account is not affected
        String other = unique("oth");
        api.signUp(other);
        assertThat(api.logIn(other)).isNotBlank();
    }

    @Test
    void aTokenIsNeverStoredByACacheAndNoAnswerIsSniffed() throws Exception {
        String name = unique("hdr");
        api.signUp(name);

        var login = logInOnce(name, "password-" + name);
        var profile = fixture.get("/users/" + name);
        var gatewayRefusal = fixture.get("/me");

        assertThat(login.statusCode()).isEqualTo(201);
        assertThat(login.headers().firstValue("cache-control")).contains("no-store");
        for (var answer : List.of(login, profile, gatewayRefusal)) {
            assertThat(answer.headers().firstValue("x-content-type-options")).as(answer.uri().getPath())
                    .contains("nosniff");
        }
        assertThat(gatewayRefusal.statusCode()).as("the gateway's own answer").isEqualTo(401);
        assertThat(profile.headers().firstValue("cache-control")).as("only secrets are kept from caches").isEmpty();
    }

    /** A login sent once (the test client would resend a 429). */
    private static HttpResponse<String> logInOnce(String username, String password) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.uri("/sessions")).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(Map.of("username", username,
                        "password", password)))));
    }

    @Test
    void fiftyParallelWrongPasswordsForOneUserHaveFiveChecked() throws Exception {
        String name = unique("par");
        api.signUp(name);
        int guesses = 50;
        var guess = new AtomicInteger();
        List<HttpResponse<String>> answers = AllAtOnce.run(guesses,
                () -> logInOnce(name, "parallel-guess-" + guess.incrementAndGet()));

        assertThat(answers).filteredOn(answer -> answer.statusCode() == 401).hasSize(5);
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 429)
                .allSatisfy(answer -> assertThat(answer.body()).contains("Too many failed logins"))
                .hasSize(guesses - 5);
        var rightPassword = logInOnce(name, "password-" + name);
        assertThat(rightPassword.statusCode()).as("the right password waits for the window too").isEqualTo(429);
    }

    @Test
    void protectedRoutesNeedAValidToken() {
        assertThat(api.get("/me").status()).isEqualTo(401);
        assertThat(api.get("/me", "garbled").status()).isEqualTo(403);
        assertThat(api.get("/me", "A".repeat(43)).status()).isEqualTo(403);
        var basic = api.send("GET", "/me", null, null);
        assertThat(basic.status()).isEqualTo(401);
    }

    @Test
    void anExpiredSessionIsRefusedEvenBeforeDynamoDbDeletesIt() throws Exception {
        String name = unique("old");
        api.signUp(name);
        String userId = api.get("/users/" + name).text("id");
        String token = "T".repeat(43);
        String sessionId = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(token.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        long past = java.time.Instant.now().minusSeconds(60).getEpochSecond();
        // TTL deletion is lazy (up to days in AWS): the item is still there, past its expiry
        fixture.runtime().dynamoDb().putItem(r -> r.tableName("Sessions").item(Map.of(
                "id", av(sessionId), "userId", av(userId), "username", av(name),
                "createdAt", avN(past - 86_400), "expiresAt", avN(past))));

        assertThat(api.get("/me", token).status()).isEqualTo(403);
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue av(String value) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(value);
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue avN(long value) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(Long.toString(value));
    }

    @Test
    void unknownProfilesAre404() {
        assertThat(api.get("/users/" + unique("ghost")).status()).isEqualTo(404);
        assertThat(api.get("/users/not%20valid!").status()).isEqualTo(404);
    }
}
