package com.scaleout.functions.social.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2WebSocketEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2WebSocketResponse;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.domain.LiveConnection;
import com.scaleout.functions.social.fakes.LiveWorld;
import com.scaleout.functions.testing.PrimingLog;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The live API's handler, from the API Gateway WebSocket samples of events/live/. */
class LiveHandlerTest {
    private static final String ALICES = "L0SM9cOFvHcCIhw=";
    private static final String ANONYMOUS = "L0SNDcRxvHcCF3A=";

    private final LiveWorld world = new LiveWorld();
    private final LiveHandler handler = new LiveHandler(world.live, world.authorNames);

    private static APIGatewayV2WebSocketEvent sample(String name) {
        return EventLoader.loadEvent("events/live/" + name + ".json", APIGatewayV2WebSocketEvent.class);
    }

    private APIGatewayV2WebSocketResponse handle(String sample) {
        return handler.handleRequest(sample(sample), null);
    }

    /** The message a two-way route sends back to the caller. */
    private JsonNode reply(String sample) {
        var response = handle(sample);
        assertThat(response.getStatusCode()).isEqualTo(200);
        try {
            return Json.MAPPER.readTree(response.getBody());
        } catch (Exception e) {
            throw new AssertionError(response.getBody(), e);
        }
    }

    @Test
    void aTokenOfASessionConnectsItsUser() {
        var response = handle("connect-with-token");

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(response.getBody()).isNull();
        var connection = world.connections.connection(ALICES).orElseThrow();
        assertThat(connection.userId()).contains(LiveWorld.ALICE);
        assertThat(connection.connectedAt()).isEqualTo(LiveWorld.NOW);
    }

    @Test
    void noTokenConnectsAnonymously() {
        assertThat(handle("connect-anonymous").getStatusCode()).isEqualTo(200);

        assertThat(world.connections.connection(ANONYMOUS)).map(LiveConnection::userId).contains(Optional.empty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"connect-unknown-token", "connect-malformed-token"})
    void aTokenOfNoSessionRefusesTheHandshakeWith401(String sample) throws Exception {
        var response = handle(sample);

        assertThat(response.getStatusCode()).isEqualTo(401);
        assertThat(Json.MAPPER.readTree(response.getBody()).get("message").asText()).contains("log in again");
        assertThat(world.connections.connection(ALICES)).isEmpty();
    }

    /** Issue 45: a search subscription past its call timeout answered 500, where GET /search answers 503. */
    @Test
    void aSearchSubscriptionThatTimesOutIsRefusedAsBusyNotAsAFault() {
        handle("connect-anonymous");
        world.searchIndex.timingOut = true;

        var refused = reply("subscribe-search");

        assertThat(refused.get("type").asText()).isEqualTo("error");
        assertThat(refused.at("/data/status").asInt()).isEqualTo(503);
        assertThat(refused.at("/data/message").asText()).contains("retry");
        assertThat(refused.at("/data/retryAfter").asInt()).isEqualTo(1);
    }

    /** Issue 45: one socket's flood of messages ran each of them (searches included), for as long as it lasted. */
    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {"subscribe-search, 'search:java serverless'",
            "unsubscribe-public, public", "default-unknown-action, public", "default-malformed-json, null"})
    void aMessagePastTheConnectionsBudgetIsRefused429BeforeAnythingRuns(String sample, String stream) {
        handle("connect-anonymous");
        world.messageBudget = 0;
        int searches = world.searchIndex.queries();

        var refused = reply(sample);

        // the stream it named (normalized), so that the client knows which subscription to retry
        assertThat(Json.write(refused)).isEqualTo("{\"type\":\"error\",\"stream\":" + Json.write(stream)
                + ",\"data\":{\"message\":"
                + "\"at most 30 messages per connection in 10 s; send again after retryAfter seconds\","
                + "\"status\":429,\"retryAfter\":7}}");
        assertThat(world.searchIndex.queries()).isEqualTo(searches);
        assertThat(world.connections.subscriptions(ANONYMOUS)).isEmpty();
    }

    @Test
    void connectingAndDisconnectingSpendNoBudget() {
        world.messageBudget = 0;

        assertThat(handle("connect-anonymous").getStatusCode()).isEqualTo(200);
        assertThat(handle("disconnect").getStatusCode()).isEqualTo(200);
    }

    @Test
    void subscribingIsAcknowledged() {
        handle("connect-anonymous");

        var ack = reply("subscribe-public");

        assertThat(Json.write(ack)).isEqualTo("{\"type\":\"subscribed\",\"stream\":\"public\",\"data\":null}");
        assertThat(world.connections.listeners("public")).hasSize(1);
    }

    @Test
    void aSignedInConnectionSubscribesToItsHomeTimeline() {
        handle("connect-with-token");

        var ack = reply("subscribe-home");

        assertThat(ack.get("type").asText()).isEqualTo("subscribed");
        assertThat(world.presence.home()).containsExactly(LiveWorld.ALICE);
    }

    @Test
    void aSearchIsAnsweredWithItsFirstPageAsGetSearchAnswersIt() {
        var tweet = world.tweet(LiveWorld.ALICE, "alice", "Serverless #Java at scale");
        handle("connect-anonymous");

        var page = reply("subscribe-search");

        assertThat(page.get("type").asText()).isEqualTo("page");
        assertThat(page.get("stream").asText()).isEqualTo("search:java serverless");
        assertThat(page.get("data").get("items")).hasSize(1);
        assertThat(page.get("data").get("items").get(0).get("id").asText()).isEqualTo(tweet.id());
        assertThat(page.get("data").get("items").get(0).get("author").get("displayName").asText())
                .isEqualTo("Alice A.");
        assertThat(page.get("data").has("next")).isTrue();
    }

    @Test
    void unsubscribingIsAcknowledged() {
        handle("connect-anonymous");
        handle("subscribe-public");

        assertThat(reply("unsubscribe-public").get("type").asText()).isEqualTo("unsubscribed");
        assertThat(world.connections.listeners("public")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {
            "subscribe-home-anonymous, home, 401, signed-in connection",
            "subscribe-unknown-stream, everything, 400, unknown stream",
            "subscribe-missing-stream, null, 400, stream is required",
            "subscribe-stream-not-a-string, null, 400, stream is required",
            "subscribe-bad-search, search:the a, 400, no searchable term",
            "default-malformed-json, null, 400, a message is JSON",
            "default-unknown-action, null, 400, unknown action \"publish\"",
            "default-missing-action, null, 400, action is required"})
    void aBadMessageIsAnsweredWithAnErrorAndChangesNothing(String sample, String stream, int status,
                                                           String message) {
        handle("connect-anonymous");

        var error = reply(sample);

        assertThat(error.get("type").asText()).isEqualTo("error");
        assertThat(error.get("stream").isNull() ? null : error.get("stream").asText()).isEqualTo(stream);
        assertThat(error.get("data").get("status").asInt()).isEqualTo(status);
        assertThat(error.get("data").get("message").asText()).contains(message);
        assertThat(world.connections.subscriptions(ANONYMOUS)).isEmpty();
    }

    @Test
    void aMessageOfAnUnknownConnectionIsAnswered404() {
        var error = reply("subscribe-public");

        assertThat(error.get("data").get("status").asInt()).isEqualTo(404);
    }

    @Test
    void disconnectingForgetsTheConnectionAndItsSubscriptions() {
        handle("connect-anonymous");
        handle("subscribe-public");

        assertThat(handle("disconnect").getStatusCode()).isEqualTo(200);

        assertThat(world.connections.connection(ANONYMOUS)).isEmpty();
        assertThat(world.connections.listeners("public")).isEmpty();
        assertThat(world.presence.counts()).isEmpty();
    }

    @Test
    void primingWarmsUpWithoutWritingAnything() {
        try (var log = new PrimingLog()) {
            handler.priming().beforeCheckpoint(null);
            handler.priming().afterRestore(null);
            assertThat(log.warnings()).isEmpty();
            assertThat(log.messages()).singleElement().asString().contains(" primed in ");
        }

        assertThat(world.connections.connection(com.scaleout.functions.shared.snapstart.PrimingRequests.MISSING_ID))
                .isEmpty();
        assertThat(world.presence.counts()).isEmpty();
        handle("connect-anonymous");
        assertThat(reply("subscribe-public").get("type").asText()).isEqualTo("subscribed");
    }
}
