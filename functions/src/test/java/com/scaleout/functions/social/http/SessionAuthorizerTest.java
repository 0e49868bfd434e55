package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.social.domain.Session;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The REQUEST authorizer, from the authorizer samples of events/social/. */
class SessionAuthorizerTest {
    private static final String REQUEST = "events/social/authorizer-request.json";

    private final SocialWorld world = SocialWorld.seeded();

    private static void assertDenied(SimpleIAMPolicyResponse response) {
        assertThat(response.getIsAuthorized()).isFalse();
        assertThat(response.getContext()).isNullOrEmpty();
    }

    @ParameterizedTest
    @Event(value = REQUEST, type = APIGatewayV2CustomAuthorizerEvent.class)
    void allowsAnActiveSessionAndNamesItsUser(APIGatewayV2CustomAuthorizerEvent event) {
        var response = world.authorizer.handleRequest(event, null);

        assertThat(response.getIsAuthorized()).isTrue();
        assertThat(response.getContext()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "userId", Seed.ALICE, "username", "alice", "sessionId", Seed.sessionIdOf(Seed.ALICE_TOKEN)));
    }

    @ParameterizedTest
    @Event(value = REQUEST, type = APIGatewayV2CustomAuthorizerEvent.class)
    void givesTheHandlersTheContextTheyActOn(APIGatewayV2CustomAuthorizerEvent event) {
        var context = world.authorizer.handleRequest(event, null).getContext();
        var getMe = Samples.http("get-me-no-authorizer-context");
        getMe.getRequestContext().setAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withLambda(Map.copyOf(context)).build()); // what API Gateway does with an "allow"

        var me = ApiJson.ok(world.handle(getMe), 200);

        assertThat(me.get("id").asText()).isEqualTo(Seed.ALICE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"authorizer-request-unknown-token", "authorizer-request-malformed-token"})
    void deniesABearerTokenOfNoActiveSession(String sample) {
        assertDenied(world.authorizer.handleRequest(Samples.authorizer(sample), null));
    }

    /**
     * Issue 23: a header without the Bearer scheme is let through with the reason, and no session, for the handler
     * to answer 401 saying what to send: API Gateway's own answer to a denial (403 "Forbidden") cannot say it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Basic YWxpY2U6YWxpY2UtcGFzc3dvcmQtMQ==", Seed.ALICE_TOKEN, "Bearer", "Bearer   "})
    void aHeaderWithoutTheBearerSchemeGoesToTheHandlerWithTheReasonAndNoSession(String header) {
        var event = Samples.authorizer("authorizer-request-no-bearer");
        event.setIdentitySource(List.of(header));

        var answer = world.authorizer.handleRequest(event, null);

        assertThat(answer.getIsAuthorized()).isTrue();
        assertThat(answer.getContext()).containsOnlyKeys(ApiRequest.CONTEXT_REFUSAL);
        assertThat(answer.getContext().get(ApiRequest.CONTEXT_REFUSAL).toString())
                .contains("Authorization: Bearer <token>");
    }

    /** Issue 23: what the authorizer let through with a reason is a 401 with that reason on every authorized route. */
    @ParameterizedTest
    @ValueSource(strings = {"get-me", "patch-me", "post-tweets", "get-timeline", "put-following",
            "delete-sessions-current"})
    void aRequestLetThroughWithAReasonIsRefused401WithIt(String sample) {
        var event = Samples.http(sample);
        event.getRequestContext().getAuthorizer().setLambda(Map.<String, Object>of(ApiRequest.CONTEXT_REFUSAL,
                "send the session token as Authorization: Bearer <token>"));

        var answer = world.handle(event);

        ApiJson.assertClientError(answer, 401, event.getRequestContext().getRequestId(), List.of());
        assertThat(answer.getBody()).contains("send the session token as Authorization: Bearer <token>");
    }

    @ParameterizedTest
    @Event(value = REQUEST, type = APIGatewayV2CustomAuthorizerEvent.class)
    void acceptsTheSchemeInAnyCase(APIGatewayV2CustomAuthorizerEvent event) {
        event.setIdentitySource(List.of("bearer " + Seed.ALICE_TOKEN));

        assertThat(world.authorizer.handleRequest(event, null).getIsAuthorized()).isTrue();
    }

    @Test
    void deniesAnExpiredSession() {
        var expired = Seed.session(Seed.ALICE_TOKEN, Seed.ALICE, "alice").expiresAt();
        var later = SocialWorld.seededAt(Clock.fixed(expired.plus(Duration.ofSeconds(1)), ZoneOffset.UTC));

        assertDenied(later.authorizer.handleRequest(Samples.authorizer("authorizer-request"), null));
    }

    @Test
    void deniesAnExpiredSessionEvenWhenTheCacheStillHoldsIt() {
        world.sessionCache.put(new Session(Seed.sessionIdOf(Seed.ALICE_TOKEN), Seed.ALICE, "alice",
                Seed.NOW.minus(Duration.ofDays(31)), Seed.NOW.minusSeconds(1)));

        assertDenied(world.authorizer.handleRequest(Samples.authorizer("authorizer-request"), null));
    }

    @Test
    void deniesASessionLoggedOutAfterItWasCached() {
        var event = Samples.authorizer("authorizer-request");
        assertThat(world.authorizer.handleRequest(event, null).getIsAuthorized()).isTrue();

        assertThat(world.handle(Samples.http("delete-sessions-current")).getStatusCode()).isEqualTo(204);

        assertDenied(world.authorizer.handleRequest(event, null));
    }

    @Test
    void fallsBackToTheStoreWhenTheCacheIsDown() {
        world.sessionCache.setAvailable(false);

        var response = world.authorizer.handleRequest(Samples.authorizer("authorizer-request"), null);

        assertThat(response.getIsAuthorized()).isTrue();
        assertThat(response.getContext()).containsEntry("userId", Seed.ALICE);
    }

    @Test
    void aLogoutWhileTheCacheIsDownIsRefusedWhole503AndSucceedsOnceItIsBack() {
        var event = Samples.authorizer("authorizer-request");
        assertThat(world.authorizer.handleRequest(event, null).getIsAuthorized()).isTrue(); // now cached
        world.sessionCache.setAvailable(false);

        var refused = world.handle(Samples.http("delete-sessions-current"));
        world.sessionCache.setAvailable(true);

        // nothing was half done: the session is intact and a retry ends it everywhere
        assertThat(refused.getStatusCode()).isEqualTo(503);
        assertThat(world.authorizer.handleRequest(event, null).getIsAuthorized()).isTrue();
        assertThat(world.handle(Samples.http("delete-sessions-current")).getStatusCode()).isEqualTo(204);
        assertDenied(world.authorizer.handleRequest(event, null));
        assertThat(world.handle(Samples.http("get-me")).getStatusCode()).isEqualTo(401);
    }

    @Test
    void stillRefusesALoggedOutSessionInTheHandlersAfterTheCacheRestartsEmpty() {
        assertThat(world.handle(Samples.http("delete-sessions-current")).getStatusCode()).isEqualTo(204);
        world.sessionCache.clear(); // the revocation marker is gone; the gateway may still cache an "allow"

        assertThat(world.handle(Samples.http("get-me")).getStatusCode()).isEqualTo(401);
    }

    @Test
    void anActiveSessionStillActsAfterTheCacheRestartsEmptyAndIsCachedAgain() {
        world.sessionCache.clear();

        assertThat(world.handle(Samples.http("get-me")).getStatusCode()).isEqualTo(200);
        assertThat(world.sessionCache.get(Seed.sessionIdOf(Seed.ALICE_TOKEN))).isPresent();
    }

    @Test
    void stillRefusesALoggedOutSessionInTheHandlersWhenTheCacheIsDown() {
        world.handle(Samples.http("delete-sessions-current"));
        world.sessionCache.setAvailable(false);

        assertThat(world.handle(Samples.http("get-me")).getStatusCode()).isEqualTo(401);
    }

    @Test
    void aNewSessionIsCachedAtLoginSoItsFirstRequestNeedsNoStoreRead() {
        var login = world.handle(Samples.http("post-sessions"));
        String token = ApiJson.ok(login, 201).get("token").asText();

        assertThat(world.sessionCache.get(Seed.sessionIdOf(token))).isPresent();
    }

    @Test
    void aLoginSucceedsWhenTheCacheIsDown() {
        world.sessionCache.setAvailable(false);

        assertThat(world.handle(Samples.http("post-sessions")).getStatusCode()).isEqualTo(201);
    }
}
