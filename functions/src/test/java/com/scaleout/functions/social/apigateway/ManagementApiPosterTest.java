package com.scaleout.functions.social.apigateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.social.application.ConnectionPoster;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.apigatewaymanagementapi.model.ApiGatewayManagementApiException;

/**
 * PostToConnection through the SDK against a loopback stand-in for the management API at {@code LIVE_ENDPOINT}
 * (with its stage path, as in AWS): the message is the request body; a 410 with API Gateway's error type is a gone
 * connection; any other failure is thrown.
 */
class ManagementApiPosterTest {
    private static final Map<String, String> ENVIRONMENT = Map.of(
            Settings.AWS_ACCESS_KEY_ID.name(), "AKIALOCAL",
            Settings.AWS_SECRET_ACCESS_KEY.name(), "secret",
            Settings.AWS_REGION.name(), "eu-west-1");
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer endpoint;

    @BeforeEach
    void startEndpoint() throws IOException {
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/", exchange -> {
            String rawPath = exchange.getRequestURI().getRawPath();
            String path = exchange.getRequestURI().getPath();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(exchange.getRequestMethod() + " " + rawPath + " " + body);
            int status;
            byte[] answer;
            if (path.endsWith("/L0SM9cOFvHcCIhw=")) {
                status = 200;
                answer = new byte[0];
            } else if (path.endsWith("/throttled0000A=")) {
                status = 429;
                exchange.getResponseHeaders().add("x-amzn-ErrorType", "LimitExceededException");
                answer = "{\"message\":\"Rate exceeded\"}".getBytes(StandardCharsets.UTF_8);
            } else {
                status = 410;
                exchange.getResponseHeaders().add("x-amzn-ErrorType", "GoneException");
                answer = "{\"message\":null}".getBytes(StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        endpoint.start();
        ENVIRONMENT.forEach(System::setProperty);
        System.setProperty(Settings.LIVE_ENDPOINT.name(),
                "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/dev");
    }

    @AfterEach
    void stopEndpoint() {
        ENVIRONMENT.keySet().forEach(System::clearProperty);
        System.clearProperty(Settings.LIVE_ENDPOINT.name());
        endpoint.stop(0);
    }

    @Test
    void postsTheMessageToTheConnectionUnderTheStagesPath() {
        var poster = ManagementApiPoster.fromEnvironment().orElseThrow();

        var outcome = poster.post("L0SM9cOFvHcCIhw=", "{\"type\":\"tweet\"}");

        assertThat(outcome).isEqualTo(ConnectionPoster.Outcome.DELIVERED);
        // the id's '=' comes percent-encoded: a management endpoint decodes the path before looking it up
        assertThat(received).singleElement().asString()
                .isEqualTo("POST /dev/@connections/L0SM9cOFvHcCIhw%3D {\"type\":\"tweet\"}");
    }

    @Test
    void aClosedConnectionIsGone() {
        var poster = ManagementApiPoster.fromEnvironment().orElseThrow();

        assertThat(poster.post("L0SNDcRxvHcCF3A=", "{}")).isEqualTo(ConnectionPoster.Outcome.GONE);
    }

    @Test
    void otherFailuresAreThrown() {
        var poster = ManagementApiPoster.fromEnvironment().orElseThrow();

        assertThatThrownBy(() -> poster.post("throttled0000A=", "{}"))
                .isInstanceOf(ApiGatewayManagementApiException.class);
    }

    @Test
    void withoutLiveEndpointThereIsNoPoster() {
        System.clearProperty(Settings.LIVE_ENDPOINT.name());

        assertThat(ManagementApiPoster.fromEnvironment()).isEmpty();
    }
}
