package com.scaleout.local.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scaleout.local.testing.LiveClient;
import com.scaleout.local.testing.RuntimeFixture;
import com.scaleout.local.testing.WebSocketRecorder;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * API Gateway's limits on connections, shortened: the idle timeout and the maximum duration close a connection with
 * 1001 "Going away" and run $disconnect; the account's new-connection quota refuses a handshake with 429.
 */
class LiveLimitsIT {

    private static URI live(RuntimeFixture fixture) {
        return URI.create(fixture.runtime().url().replace("http://", "ws://") + "/live");
    }

    private static String connectionId(LiveClient client) {
        var connect = await().atMost(Duration.ofSeconds(30)).until(
                () -> WebSocketRecorder.connectWithHeader("X-Test", client.tag()), java.util.Optional::isPresent);
        return String.valueOf(WebSocketRecorder.context(connect.orElseThrow()).get("connectionId"));
    }

    @Test
    void anIdleConnectionIsClosedGoingAwayAndDisconnectRuns() throws Exception {
        try (var fixture = RuntimeFixture.start(LiveGatewayIT.declaration(), config -> config.withLiveLimits(
                LiveLimits.aws().withIdleTimeout(Duration.ofSeconds(1))))) {
            var client = LiveClient.connect(live(fixture));
            String id = connectionId(client);

            assertThat(client.awaitClose()).isEqualTo(new LiveClient.Close(1001, "Going away"));
            var disconnect = await().atMost(Duration.ofSeconds(30)).until(
                    () -> WebSocketRecorder.event("DISCONNECT", id), java.util.Optional::isPresent).orElseThrow();
            assertThat(WebSocketRecorder.context(disconnect)).containsEntry("disconnectStatusCode", 1001);
        }
    }

    @Test
    void aConnectionIsClosedAtItsMaximumDurationWhateverItsActivity() throws Exception {
        try (var fixture = RuntimeFixture.start(LiveGatewayIT.declaration(), config -> config.withLiveLimits(
                LiveLimits.aws().withMaxDuration(Duration.ofSeconds(2))))) {
            var client = LiveClient.connect(live(fixture));
            client.send("{\"action\":\"echo\"}");
            assertThat(client.next()).contains("echo");

            assertThat(client.awaitClose()).isEqualTo(new LiveClient.Close(1001, "Going away"));
        }
    }

    @Test
    void handshakesOverTheNewConnectionQuotaAreRefused429() throws Exception {
        int burst = 3;
        try (var fixture = RuntimeFixture.start(LiveGatewayIT.declaration(), config -> config.withLiveLimits(
                LiveLimits.aws().withNewConnections(1 / 60.0, burst)))) {
            var accepted = new ArrayList<LiveClient>();
            for (int i = 0; i < burst; i++) {
                accepted.add(LiveClient.connect(live(fixture)));
            }
            assertThat(LiveClient.refusal(live(fixture))).isEqualTo(429);
            assertThat(accepted).noneMatch(LiveClient::isClosed);
            accepted.forEach(LiveClient::close);
        }
    }
}
