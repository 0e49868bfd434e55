package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The head deadline on a bare Jetty server, with one second standing for the gateway's ten. */
class HeadDeadlineTest {
    private static final Duration LIMIT = Duration.ofSeconds(1);

    private final Server server = new Server();
    private ServerConnector connector;

    @BeforeEach
    void start() throws Exception {
        connector = new ServerConnector(server, new HeadDeadline(new HttpConfiguration(), LIMIT,
                new GatewayLog(server.getScheduler())));
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            /** Answers after {@code ?ms=} milliseconds. */
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String query = request.getHttpURI().getQuery();
                if (query != null && query.startsWith("ms=")) {
                    Thread.sleep(Long.parseLong(query.substring(3)));
                }
                response.write(true, ByteBuffer.wrap("ok".getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        });
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @Test
    void aHeadStillPartialAtTheLimitClosesItsConnection() throws Exception {
        try (var socket = RawHttp.connect(connector.getLocalPort())) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: local".getBytes(StandardCharsets.US_ASCII));
            long start = System.nanoTime();

            assertThat(RawHttp.closedByServer(socket)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(LIMIT.minusMillis(100));
        }
    }

    /** Neither a request's own time nor the idle time between requests of a kept-alive connection counts. */
    @Test
    void onlyTheHeadsOwnTimeCounts() throws Exception {
        try (var socket = RawHttp.connect(connector.getLocalPort())) {
            var out = socket.getOutputStream();
            var in = socket.getInputStream();
            long overLimit = LIMIT.toMillis() * 3;

            out.write(("GET /?ms=" + overLimit + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.readAnswer(in)).startsWith("HTTP/1.1 200 ").endsWith("ok");
            Thread.sleep(overLimit); // idle between requests: the stimulus, not a wait for the server
            out.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.readAnswer(in)).startsWith("HTTP/1.1 200 ").endsWith("ok");
        }
    }
}
