package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.assertProfile;
import static com.scaleout.functions.social.http.ApiJson.assertUser;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.testing.NotStandardJson;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

/** Register, log in, log out, the caller's profile and anyone's, from the samples of events/social/. */
class AccountsHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    @ParameterizedTest
    @Event(value = "events/social/post-users.json", type = APIGatewayV2HTTPEvent.class)
    void registersAUserAndShowsItWithoutThePassword(APIGatewayV2HTTPEvent event) {
        var user = ok(world.handle(event), 201);

        assertThat(Ids.isId(user.get("id").asText())).isTrue();
        assertUser(user, user.get("id").asText(), "dave_01");
        assertThat(user.get("displayName").asText()).isEqualTo("Dave");
        assertThat(user.get("createdAt").asText()).isEqualTo(Seed.NOW_TEXT);
        assertThat(world.users.findByUsername("DAVE_01")).map(User::id).contains(user.get("id").asText());
    }

    @ParameterizedTest
    @Event(value = "events/social/post-users.json", type = APIGatewayV2HTTPEvent.class)
    void refusesTheSameUsernameTwice(APIGatewayV2HTTPEvent event) {
        ok(world.handle(event), 201);

        var again = world.handle(event);

        ApiJson.assertClientError(again, 409, event.getRequestContext().getRequestId(), List.of());
    }

    @ParameterizedTest
    @Event(value = "events/social/patch-me.json", type = APIGatewayV2HTTPEvent.class)
    void editsTheCallersDisplayNameAndBioAndShowsThemOnTheProfile(APIGatewayV2HTTPEvent event) {
        var edited = ok(world.handle(event), 200);

        assertProfile(edited, Seed.ALICE, "alice", 2, 1, 3);
        assertThat(edited.get("displayName").asText()).isEqualTo("Alice Liddell");
        assertThat(edited.get("bio").asText()).isEqualTo("Curiouser and curiouser.");
        var shown = ok(world.handle(Samples.http("get-me")), 200);
        assertThat(shown.get("displayName").asText()).isEqualTo("Alice Liddell");
        assertThat(shown.get("bio").asText()).isEqualTo("Curiouser and curiouser.");
    }

    @ParameterizedTest
    @Event(value = "events/social/patch-me.json", type = APIGatewayV2HTTPEvent.class)
    void aFieldLeftOutIsKeptAndOneSentAsNullOrBlankIsResetTrimmedLikeRegistration(APIGatewayV2HTTPEvent event) {
        ok(world.handle(event), 200);

        event.setBody("{\"bio\": \"  Down the rabbit hole  \"}");
        var bioOnly = ok(world.handle(event), 200);
        assertThat(bioOnly.get("displayName").asText()).as("kept").isEqualTo("Alice Liddell");
        assertThat(bioOnly.get("bio").asText()).as("trimmed").isEqualTo("Down the rabbit hole");

        event.setBody("{\"displayName\": null, \"bio\": \"   \"}");
        var reset = ok(world.handle(event), 200);
        assertThat(reset.get("displayName").asText()).as("the username").isEqualTo("alice");
        assertThat(reset.get("bio").isNull()).as("no bio in %s", reset).isTrue();
        assertThat(world.users.findById(Seed.ALICE).orElseThrow().bio()).isNull();
    }

    @ParameterizedTest
    @Event(value = "events/social/patch-me-too-long.json", type = APIGatewayV2HTTPEvent.class)
    void aDisplayNameOver50OrABioOver160CharactersIsRefusedNamingBothAndChangesNothing(APIGatewayV2HTTPEvent event) {
        var refused = world.handle(event);

        ApiJson.assertClientError(refused, 400, event.getRequestContext().getRequestId(),
                List.of("displayName", "bio"));
        assertThat(refused.getBody()).contains("must be at most 50 characters", "must be at most 160 characters");
        assertThat(world.users.findById(Seed.ALICE).orElseThrow().displayName()).isEqualTo("Alice");

        event.setBody("{\"displayName\": \"" + "\uD83D\uDE00".repeat(50) + "\", \"bio\": \""
                + "b".repeat(160) + "\"}");
        String fifty = ok(world.handle(event), 200).get("displayName").asText();
        assertThat(fifty.codePointCount(0, fifty.length())).as("characters, not UTF-16 units").isEqualTo(50);
    }

    /** Issue 23: a body that is not standard JSON is a 400 in the social shape, naming nothing of the parser. */
    @ParameterizedTest
    @Event(value = "events/social/post-users.json", type = APIGatewayV2HTTPEvent.class)
    void aBodyThatIsNotStandardJsonIs400WithoutTheParsersInternalNames(APIGatewayV2HTTPEvent event) {
        for (String body : NotStandardJson.BODIES) {
            event.setBody("{\"username\": " + body + ", \"password\": \"a long passphrase\"}");

            var refused = world.handle(event);

            assertThat(refused.getStatusCode()).as(body).isEqualTo(400);
            NotStandardJson.assertNoParserInternals(refused.getBody(), body);
        }
    }

    @ParameterizedTest
    @Event(value = "events/social/post-users-common-password.json", type = APIGatewayV2HTTPEvent.class)
    void refusesACommonPasswordSayingWhy(APIGatewayV2HTTPEvent event) {
        assertPasswordRefused(event, "is too easy to guess: This is a top-100 common password.");
    }

    @ParameterizedTest
    @Event(value = "events/social/post-users-blank-password.json", type = APIGatewayV2HTTPEvent.class)
    void refusesAPasswordOfOnlyBlankOrInvisibleCharacters(APIGatewayV2HTTPEvent event) {
        assertPasswordRefused(event, "must not be only spaces, control or invisible characters");
    }

    private void assertPasswordRefused(APIGatewayV2HTTPEvent event, String reason) {
        var refused = world.handle(event);

        ApiJson.assertClientError(refused, 400, event.getRequestContext().getRequestId(), List.of("password"));
        assertThat(refused.getBody()).contains(reason);
        assertThat(world.users.findByUsername("dave_01")).as("no account").isEmpty();
    }

    @ParameterizedTest
    @Event(value = "events/social/post-sessions.json", type = APIGatewayV2HTTPEvent.class)
    void buildsTheMissingTimelineAtLoginAndLogsInEvenWithTheCacheDown(APIGatewayV2HTTPEvent event) {
        ok(world.handle(event), 201);
        assertThat(world.cachedTimeline(Seed.ALICE)).isPresent();

        world.flushCaches();
        world.setCachesAvailable(false);
        ok(world.handle(event), 201); // the first timeline read builds it instead
    }

    @ParameterizedTest
    @Event(value = "events/social/post-sessions.json", type = APIGatewayV2HTTPEvent.class)
    void logsInWithATokenTheAuthorizerAccepts(APIGatewayV2HTTPEvent event) {
        var response = world.handle(event);
        var session = ok(response, 201);
        assertThat(response.getHeaders()).as("a token is never stored by a cache")
                .containsEntry("cache-control", "no-store");

        String token = session.get("token").asText();
        assertThat(token).matches("[A-Za-z0-9_-]{43}");
        assertThat(session.get("expiresAt").asText()).isEqualTo("2026-12-29T23:00:00.000Z");
        assertUser(session.get("user"), Seed.ALICE, "alice");
        assertThat(world.sessionService.authenticate(token)).hasValueSatisfying(s -> {
            assertThat(s.userId()).isEqualTo(Seed.ALICE);
            assertThat(s.id()).isEqualTo(Seed.sessionIdOf(token)); // only the token's digest is stored
        });
    }

    @ParameterizedTest
    @Event(value = "events/social/delete-sessions-current.json", type = APIGatewayV2HTTPEvent.class)
    void logsOutAndTheSessionStopsWorkingAtOnce(APIGatewayV2HTTPEvent event) {
        var response = world.handle(event);

        assertThat(response.getStatusCode()).isEqualTo(204);
        assertThat(response.getBody()).isNull();
        assertThat(world.sessionService.authenticate(Seed.ALICE_TOKEN)).isEmpty();
        // the gateway may still cache "allow" for this token: the handlers must refuse it themselves
        var getMe = Samples.http("get-me");
        ApiJson.assertClientError(world.handle(getMe), 401, getMe.getRequestContext().getRequestId(), List.of());
    }

    @ParameterizedTest
    @Event(value = "events/social/get-me.json", type = APIGatewayV2HTTPEvent.class)
    void showsTheCallersProfileWithCounts(APIGatewayV2HTTPEvent event) {
        var me = ok(world.handle(event), 200);

        assertProfile(me, Seed.ALICE, "alice", 2, 1, 3);
        assertThat(me.get("displayName").asText()).isEqualTo("Alice");
        assertThat(me.get("createdAt").asText()).isEqualTo("2026-11-01T09:00:00.000Z");
    }

    @ParameterizedTest
    @Event(value = "events/social/get-user.json", type = APIGatewayV2HTTPEvent.class)
    void showsAnyonesProfileWhateverTheCaseOfTheName(APIGatewayV2HTTPEvent event) {
        assertThat(event.getPathParameters()).containsEntry("username", "Bob");

        var bob = ok(world.handle(event), 200);

        assertProfile(bob, Seed.BOB, "bob", 1, 1, 1);
        assertThat(bob.get("displayName").asText()).isEqualTo("Bob B.");
    }

    /**
     * Issue 45: "\u202es_ecila" rendered as "alice_s" reversed beside the handle, names of invisible characters
     * showed as nothing, and a display name could be another account's handle or a Cyrillic look-alike of it.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"\\u202es_ecila", "Eve\\u2066", "\\u200fEve",
        "Eve\\u0000", "Eve\\u001b[31m", "Eve\\nAdmin", "\\u3164", "\\u2800\\u2800", "\\u200b\\u00a0",
        "bob", "@Bob", "\\u042c\\u043e\\u042c"})
    void aDisplayNameThatHidesItsTextOrPassesForAnotherHandleIsRefused(String name) {
        var event = Samples.http("patch-me");
        event.setBody("{\"displayName\": \"" + name + "\"}");

        var refused = world.handle(event);

        ApiJson.assertClientError(refused, 400, event.getRequestContext().getRequestId(), List.of("displayName"));
        assertThat(world.users.findById(Seed.ALICE).orElseThrow().displayName()).isEqualTo("Alice");
    }

    /** Also "бob" and "вob": TR39's table does not hold them confusable with "bob" (the policy's limit). */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"alice", "@alice", "\\u0431ob", "\\u0432ob", "Alice \\ud83d\\udc69\\u200d\\ud83d\\udcbb",
        "\\u0627\\u0644\\u064a\\u0633", "Ren\\u00e9e"})
    void aDisplayNameOfTheCallersOwnHandleOrAnyVisibleScriptIsAccepted(String name) {
        var event = Samples.http("patch-me");
        event.setBody("{\"displayName\": \"" + name + "\"}");

        assertThat(world.handle(event).getStatusCode()).as(name).isEqualTo(200);
    }

    @org.junit.jupiter.api.Test
    void aBioMayBreakLinesButHoldsNoOtherControlOrDirectionCharacter() {
        var event = Samples.http("patch-me");
        event.setBody("{\"bio\": \"line one\\nline two\"}");
        assertThat(world.handle(event).getStatusCode()).isEqualTo(200);

        for (String bio : List.of("\\u202eevil", "bell\\u0007", "\\u2800")) {
            event.setBody("{\"bio\": \"" + bio + "\"}");
            ApiJson.assertClientError(world.handle(event), 400, event.getRequestContext().getRequestId(),
                    List.of("bio"));
        }
    }

    @org.junit.jupiter.api.Test
    void aNewAccountsDisplayNameMayNotBeAnotherAccountsHandle() {
        var event = Samples.http("post-users");
        event.setBody("{\"username\": \"dave_01\", \"password\": \"correct horse\", \"displayName\": \"\\u0430lice\"}");

        var refused = world.handle(event);

        ApiJson.assertClientError(refused, 400, event.getRequestContext().getRequestId(), List.of("displayName"));
        assertThat(refused.getBody()).contains("@alice");
        assertThat(world.users.findByUsername("dave_01")).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void refusesADisplayNameOrPasswordWithALoneSurrogate() {
        for (String field : List.of("\"displayName\": \"Dave \\ud83d\", \"password\": \"correct horse\"",
                "\"password\": \"\\ud800abcdefgh\"")) {
            var event = Samples.http("post-users");
            event.setBody("{\"username\": \"dave_01\", " + field + "}");

            var response = world.handle(event);

            ApiJson.assertClientError(response, 400, event.getRequestContext().getRequestId(),
                    List.of(field.substring(1, field.indexOf('"', 1))));
        }
        assertThat(world.users.findByUsername("dave_01")).isEmpty();
    }

    /** Encoded to UTF-8, "\\ud800abcdefgh", "?abcdefgh" and "\\udfffabcdefgh" were one password. */
    @org.junit.jupiter.api.Test
    void refusesALoginWhosePasswordHasALoneSurrogate() {
        var event = Samples.http("post-sessions");
        event.setBody("{\"username\": \"alice\", \"password\": \"\\udfffabcdefgh\"}");

        ApiJson.assertClientError(world.handle(event), 400, event.getRequestContext().getRequestId(),
                List.of("password"));
    }
}
