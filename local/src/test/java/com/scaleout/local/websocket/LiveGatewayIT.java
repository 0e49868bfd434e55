package com.scaleout.local.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.WebSocketApiSpec;
import com.scaleout.declaration.WebSocketApiSpec.Route;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.LiveClient;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.WebSocketRecorder;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.client.WebSocketClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.apigatewaymanagementapi.ApiGatewayManagementApiClient;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.GoneException;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.PayloadTooLargeException;

/**
 * The local WebSocket API against API Gateway's semantics, with the JDK's WebSocket client and the SDK's management
 * API client: the handshake through $connect, route selection by action, two-way replies, $disconnect after every
 * close, the management API's post, description, delete and 410, the sizes and the stage's throttle.
 */
class LiveGatewayIT {
    private static final String FUNCTION = "Chat";
    /** Its stage takes two messages and then one a minute: a test sees the burst alone. */
    private static final String CALM = "Calm";
    private static RuntimeFixture fixture;
    private static ApiGatewayManagementApiClient management;

    static Declaration declaration() {
        return Declaration.builder()
                .function(FunctionSpec.of(FUNCTION, WebSocketRecorder.class.getName()))
                .function(FunctionSpec.of("Pusher", WebSocketRecorder.class.getName()))
                .webSocketApi(WebSocketApiSpec.builder("Live").throttle(1_000, 2_000)
                        .route(Route.oneWay(WebSocketApiSpec.CONNECT, FUNCTION))
                        .route(Route.oneWay(WebSocketApiSpec.DISCONNECT, FUNCTION))
                        .route(Route.twoWay("echo", FUNCTION))
                        .route(Route.oneWay("quiet", FUNCTION))
                        .route(Route.twoWay(WebSocketRecorder.FAILING_ROUTE, FUNCTION))
                        .route(Route.twoWay(WebSocketApiSpec.DEFAULT, FUNCTION))
                        .pushedBy("Pusher")
                        .build())
                .webSocketApi(WebSocketApiSpec.builder(CALM).throttle(1 / 60.0, 2)
                        .route(Route.oneWay(WebSocketApiSpec.CONNECT, FUNCTION))
                        .route(Route.twoWay(WebSocketApiSpec.DEFAULT, FUNCTION))
                        .build())
                .build();
    }

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(declaration());
        management = ApiGatewayManagementApiClient.builder()
                .endpointOverride(URI.create(fixture.runtime().url() + "/live"))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }

    @AfterAll
    static void stop() {
        management.close();
        fixture.close();
    }

    private static URI live(String query) {
        return URI.create(fixture.runtime().url().replace("http://", "ws://") + "/live" + query);
    }

    /** The connection id the CONNECT event of the client's handshake named. */
    private static String connectionId(LiveClient client) {
        return String.valueOf(WebSocketRecorder.context(connectEvent(client)).get("connectionId"));
    }

    private static Map<String, Object> connectEvent(LiveClient client) {
        return await().atMost(Duration.ofSeconds(30))
                .until(() -> WebSocketRecorder.connectWithHeader("X-Test", client.tag()), java.util.Optional::isPresent)
                .orElseThrow();
    }

    private static JsonNode json(String text) throws Exception {
        return Json.MAPPER.readTree(text);
    }

    @Test
    void theHandshakeRunsConnectWithTheRequestAndTheConnection() throws Exception {
        long before = System.currentTimeMillis();
        try (var client = LiveClient.connect(live("?token=abc&x=1&x=2"))) {
            var event = connectEvent(client);
            var context = WebSocketRecorder.context(event);
            assertThat(context).containsEntry("routeKey", "$connect").containsEntry("eventType", "CONNECT")
                    .containsEntry("apiId", "live").containsEntry("stage", "$default")
                    .containsEntry("messageDirection", "IN").containsEntry("domainName", "127.0.0.1");
            assertThat(String.valueOf(context.get("connectionId"))).matches("[A-Za-z0-9]{15}=");
            assertThat(((Number) context.get("connectedAt")).longValue()).isBetween(before, System.currentTimeMillis());
            assertThat(((Number) context.get("requestTimeEpoch")).longValue()).isGreaterThanOrEqualTo(before);
            assertThat(String.valueOf(context.get("requestId"))).isNotBlank();
            assertThat(context.get("identity")).asInstanceOf(
                    org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("sourceIp", "127.0.0.1");
            assertThat(event.get("queryStringParameters")).isEqualTo(Map.of("token", "abc", "x", "1"));
            assertThat(event.get("multiValueQueryStringParameters")).isEqualTo(
                    Map.of("token", List.of("abc"), "x", List.of("1", "2")));
            assertThat(event.get("multiValueHeaders")).asInstanceOf(
                    org.assertj.core.api.InstanceOfAssertFactories.MAP).containsEntry("X-Test", List.of(client.tag()));
        }
    }

    @Test
    void aConnectRouteAnsweringOutside2xxRefusesTheHandshakeWithItsStatus() throws Exception {
        assertThat(LiveClient.refusal(live("?token=" + WebSocketRecorder.REFUSED_TOKEN))).isEqualTo(401);
    }

    @Test
    void aMessageGoesToTheRouteItsActionNamesElseToDefaultAndATwoWayRouteAnswers() throws Exception {
        try (var client = LiveClient.connect(live(""))) {
            String id = connectionId(client);
            client.send("{\"action\":\"echo\",\"n\":1}");
            var echoed = json(client.next());
            assertThat(echoed.get("route").asText()).isEqualTo("echo");
            assertThat(echoed.get("body").asText()).isEqualTo("{\"action\":\"echo\",\"n\":1}");
            assertThat(echoed.get("connectionId").asText()).isEqualTo(id);

            client.send("not json");
            assertThat(json(client.next()).get("route").asText()).isEqualTo("$default");
            client.send("{\"action\":\"nothing-by-that-name\"}");
            assertThat(json(client.next()).get("route").asText()).isEqualTo("$default");
            client.send("{\"action\":\"$disconnect\"}");
            assertThat(json(client.next()).get("route").asText()).isEqualTo("$default");

            // a one-way route answers nothing: once it has run, the next message the client gets is the echo's
            client.send("{\"action\":\"quiet\"}");
            await().atMost(Duration.ofSeconds(30)).until(() -> !WebSocketRecorder.messages("quiet", id).isEmpty());
            client.send("{\"action\":\"echo\",\"n\":2}");
            assertThat(json(client.next()).get("body").asText()).contains("\"n\":2");
            var message = WebSocketRecorder.messages("quiet", id).get(0);
            assertThat(WebSocketRecorder.context(message)).containsEntry("eventType", "MESSAGE");
            assertThat(message).containsEntry("isBase64Encoded", false);
        }
    }

    @Test
    void aRouteWhoseFunctionFailsIsAnsweredInternalServerErrorAndTheConnectionStays() throws Exception {
        try (var client = LiveClient.connect(live(""))) {
            client.send("{\"action\":\"" + WebSocketRecorder.FAILING_ROUTE + "\"}");
            var failure = json(client.next());
            assertThat(failure.path("message").asText()).isEqualTo("Internal server error");
            assertThat(failure.path("connectionId").asText()).isNotBlank();

            client.send("{\"action\":\"echo\"}");
            assertThat(json(client.next()).path("route").asText()).isEqualTo("echo");
            assertThat(client.isClosed()).isFalse();
        }
    }

    @Test
    void everyCloseRunsDisconnectWithTheCloseStatus() throws Exception {
        var client = LiveClient.connect(live(""));
        String id = connectionId(client);
        client.socket().sendClose(4000, "bye").get();
        var disconnect = await().atMost(Duration.ofSeconds(30))
                .until(() -> WebSocketRecorder.event("DISCONNECT", id), java.util.Optional::isPresent).orElseThrow();
        assertThat(WebSocketRecorder.context(disconnect)).containsEntry("routeKey", "$disconnect")
                .containsEntry("disconnectStatusCode", 4000).containsEntry("disconnectReason", "bye");
    }

    @Test
    void theManagementApiPostsDescribesAndDeletesAConnectionThenAnswersGone() throws Exception {
        var client = LiveClient.connect(live(""));
        String id = connectionId(client);
        Instant connected = Instant.now();

        management.postToConnection(r -> r.connectionId(id).data(SdkBytes.fromUtf8String("{\"type\":\"tweet\"}")));
        assertThat(client.next()).isEqualTo("{\"type\":\"tweet\"}");

        var described = management.getConnection(r -> r.connectionId(id));
        assertThat(described.identity().sourceIp()).isEqualTo("127.0.0.1");
        assertThat(described.connectedAt()).isBefore(connected.plusSeconds(1));
        assertThat(described.lastActiveAt()).isAfterOrEqualTo(described.connectedAt());

        management.deleteConnection(r -> r.connectionId(id));
        assertThat(client.awaitClose().status()).isEqualTo(1000);
        await().atMost(Duration.ofSeconds(30)).until(() -> WebSocketRecorder.event("DISCONNECT", id).isPresent());

        assertThatThrownBy(() -> management.postToConnection(r -> r.connectionId(id)
                .data(SdkBytes.fromUtf8String("{}"))))
                .isInstanceOfSatisfying(GoneException.class, gone -> assertThat(gone.statusCode()).isEqualTo(410));
        assertThatThrownBy(() -> management.getConnection(r -> r.connectionId("NeverConnected0=")))
                .isInstanceOf(GoneException.class);
    }

    @Test
    void aPostOverTheMessageSizeIsRefusedAndTheConnectionStays() throws Exception {
        try (var client = LiveClient.connect(live(""))) {
            String id = connectionId(client);
            var tooLarge = SdkBytes.fromUtf8String("x".repeat(WebSocketApiSpec.MAX_MESSAGE_BYTES + 1));
            assertThatThrownBy(() -> management.postToConnection(r -> r.connectionId(id).data(tooLarge)))
                    .isInstanceOfSatisfying(PayloadTooLargeException.class,
                            e -> assertThat(e.statusCode()).isEqualTo(413));
            String largest = "y".repeat(WebSocketApiSpec.MAX_MESSAGE_BYTES);
            management.postToConnection(r -> r.connectionId(id).data(SdkBytes.fromUtf8String(largest)));
            assertThat(client.next()).isEqualTo(largest);
        }
    }

    @Test
    void aMessageOver128KibClosesTheConnectionWith1009() throws Exception {
        var client = LiveClient.connect(live(""));
        String id = connectionId(client);
        String frame = "x".repeat(26 * 1024); // each frame under 32 KiB, five of them over 128 KiB
        for (int i = 0; i < 4; i++) {
            client.sendFrame(frame, false);
        }
        try {
            client.sendFrame(frame, true);
        } catch (Exception closedWhileSending) {
            // the server may close before the last frame is written
        }
        assertThat(client.awaitClose().status()).isEqualTo(1009);
        await().atMost(Duration.ofSeconds(30)).until(() -> WebSocketRecorder.event("DISCONNECT", id).isPresent());
        assertThat(WebSocketRecorder.messages("$default", id)).isEmpty();
    }

    @Test
    void aFrameOver32KibClosesTheConnectionWith1009() throws Exception {
        var jetty = new WebSocketClient();
        jetty.start();
        try {
            var watcher = new LiveClient.CloseWatcher();
            var session = jetty.connect(watcher, live("")).get(30, TimeUnit.SECONDS);
            session.sendText("x".repeat(WebSocketApiSpec.MAX_FRAME_BYTES + 1), Callback.NOOP);
            assertThat(watcher.awaitClose().status()).isEqualTo(1009);
        } finally {
            jetty.stop();
        }
    }

    @Test
    void aReplyOverOneFrameReachesTheClientWhole() throws Exception {
        try (var client = LiveClient.connect(live(""))) {
            String large = "{\"action\":\"echo\",\"text\":\"" + "é".repeat(30_000) + "\"}"; // 60 KB in UTF-8
            for (int i = 0; i < 3; i++) {
                client.sendFrame(large.substring(i * large.length() / 3, (i + 1) * large.length() / 3), i == 2);
            }
            assertThat(json(client.next()).get("body").asText()).isEqualTo(large);
        }
    }

    @Test
    void messagesOverTheStageThrottleAreAnsweredTooManyRequestsAndTheConnectionStays() throws Exception {
        var calm = URI.create(fixture.runtime().url().replace("http://", "ws://") + "/calm");
        try (var client = LiveClient.connect(calm)) {
            for (int i = 0; i < 3; i++) {
                client.send("{\"n\":" + i + "}");
            }
            var answers = new ArrayList<JsonNode>();
            for (int i = 0; i < 3; i++) {
                answers.add(json(client.next()));
            }
            assertThat(answers).filteredOn(a -> a.has("route")).hasSize(2);
            assertThat(answers).filteredOn(a -> a.path("message").asText().equals("Too Many Requests"))
                    .singleElement().satisfies(a -> assertThat(a.get("connectionId").asText()).isNotBlank());
            assertThat(client.isClosed()).isFalse();
        }
    }

    @Test
    void thePushersGetTheManagementEndpointAndTheBannerNamesTheWebSocketUrls() {
        assertThat(fixture.runtime().environments().get("Pusher"))
                .containsEntry("LIVE_ENDPOINT", fixture.runtime().url() + "/live");
        assertThat(fixture.runtime().webSocketUrls()).containsExactly(live("").toString(),
                fixture.runtime().url().replace("http://", "ws://") + "/calm");
    }
}
