package com.scaleout.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The soak's view of the API: a shed request is sent again after a wait, any other error is the soak's at once. */
class ApiStackViewTest {
    private final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();
    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private ApiStackView view;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            int status = statuses.isEmpty() ? 200 : statuses.poll();
            byte[] body = (status == 200 ? "{\"followers\":3,\"following\":2,\"tweets\":1}"
                    : "{\"message\":\"no\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        view = new ApiStackView("http://127.0.0.1:" + server.getAddress().getPort(), client -> "token",
                ApiStackView.RETRY.withSleeper(waits::add));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aShedRequestIsSentAgainAfterAJitteredWait() {
        statuses.addAll(List.of(503, 429));

        assertThat(view.profile("ada")).hasValueSatisfying(profile -> assertThat(profile.followers()).isEqualTo(3));
        assertThat(waits).hasSize(2);
        assertThat(waits.get(0)).isBetween(Duration.ZERO, Duration.ofMillis(500));
        assertThat(waits.get(1)).isBetween(Duration.ZERO, Duration.ofSeconds(1));
    }

    @Test
    void aStackThatStaysBusyIsTheSoaksErrorAfterFiveAttempts() {
        statuses.addAll(List.of(503, 503, 503, 503, 503, 200));

        assertThatThrownBy(() -> view.profile("ada")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("answered 503");
        assertThat(waits).hasSize(4);
    }

    @Test
    void anyOtherErrorIsNotRetried() {
        statuses.add(400);

        assertThatThrownBy(() -> view.profile("ada")).hasMessageContaining("answered 400");
        assertThat(waits).isEmpty();
    }
}
