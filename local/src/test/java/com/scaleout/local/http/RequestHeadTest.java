package com.scaleout.local.http;

import static com.scaleout.declaration.HttpMethod.GET;
import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.local.lambda.FunctionCode;
import com.scaleout.local.lambda.FunctionPool;
import com.scaleout.local.testing.SlowHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gateway's limits on a request head: its size (API Gateway's quota) and how long it may take to arrive. */
class RequestHeadTest {
    private FunctionPool function;
    private LocalHttpApi api;

    @BeforeEach
    void start() throws Exception {
        function = new FunctionPool(FunctionSpec.of("Slow", SlowHandler.class.getName()), FunctionCode.shared());
        api = new LocalHttpApi(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new RouteTable(List.of(RouteSpec.publicRoute(GET, "/slow", "Slow"))), Map.of("Slow", function),
                Map.of(), Clock.systemUTC());
        api.start();
    }

    @AfterEach
    void stop() {
        api.close();
        function.close();
    }

    /** The security test's request: 1,000 headers, 57 KB, which the gateway took and passed on. */
    @Test
    void aThousandHeadersAreAnswered431InJsonUnread() throws Exception {
        String[] headers = IntStream.range(0, 1000).mapToObj(i -> String.format("X-Header-%04d: %s", i, "v".repeat(40)))
                .toArray(String[]::new);

        try (var lines = new GatewayLines()) {
            String answer = RawHttp.send(api.port(), "GET", "/slow", headers);

            assertThat(answer).startsWith("HTTP/1.1 431 ");
            assertThat(answer.toLowerCase(java.util.Locale.ROOT)).contains("content-type: application/json")
                    .contains("x-content-type-options: nosniff").contains("apigw-requestid: ");
            assertThat(answer).endsWith("{\"message\":\"Request Header Fields Too Large\"}");
            assertThat(lines.saying("answered 431")).as("its line in the gateway's log").hasSize(1);
        }
        assertThat(function.environments()).as("the function never ran").isZero();
    }

    /**
     * API Gateway counts the request line and the header values (10,240 bytes), not the names: a head just under
     * passes, a head just over gets the gateway's own 431, logged with its route and request id.
     */
    @Test
    void requestLineAndHeaderValuesOverApiGatewaysQuotaAreAnswered431() throws Exception {
        String requestLine = "GET /slow HTTP/1.1";
        int room = LocalHttpApi.MAX_HEAD_BYTES - requestLine.length() - "localhost".length() - "close".length();

        try (var lines = new GatewayLines()) {
            String fits = RawHttp.send(api.port(), "GET", "/slow", "X-Big: " + "v".repeat(room));
            String over = RawHttp.send(api.port(), "GET", "/slow", "X-Big: " + "v".repeat(room + 1));

            assertThat(fits).startsWith("HTTP/1.1 200 ");
            assertThat(over).startsWith("HTTP/1.1 431 ");
            assertThat(over).endsWith("{\"message\":\"Request Header Fields Too Large\"}");
            String requestId = header(over, "apigw-requestid");
            assertThat(lines.saying("request " + requestId + ": the gateway answered 431")).singleElement()
                    .asString().contains("10241 of 10240 bytes").contains("route GET /slow");
        }
    }

    /**
     * Slowloris: a head sent a line every half second never idles long enough for the idle timeout (2 minutes), and
     * held its connection for as long as the client went on.
     */
    @Test
    void aClientTricklingItsHeadIsDisconnectedAtTheHeadTimeout() throws Exception {
        // the socket closes first: the trickle fails, and its executor can close
        try (var lines = new GatewayLines(); var trickle = Executors.newVirtualThreadPerTaskExecutor();
             var socket = RawHttp.connect(api.port())) {
            socket.setSoTimeout((int) LocalHttpApi.HEAD_TIMEOUT.plusSeconds(50).toMillis());
            var out = socket.getOutputStream();
            out.write("GET /slow HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
            long start = System.nanoTime();
            trickle.submit(() -> {
                for (int i = 0; ; i++) {
                    out.write(("X-Trickle-" + i + ": 1\r\n").getBytes(StandardCharsets.US_ASCII));
                    Thread.sleep(500); // the attack's pace, not a wait for the server
                }
            });

            boolean closed = RawHttp.closedByServer(socket);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(closed).as("closed by the gateway").isTrue();
            assertThat(took).isGreaterThanOrEqualTo(LocalHttpApi.HEAD_TIMEOUT.minusSeconds(1))
                    .isLessThan(LocalHttpApi.HEAD_TIMEOUT.plusSeconds(40));
            assertThat(lines.saying("closed the connection")).singleElement().asString()
                    .contains("request head not complete within");
        }
    }

    private static String header(String answer, String name) {
        return answer.lines().filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith(name + ":"))
                .map(line -> line.substring(name.length() + 1).trim()).findFirst().orElseThrow();
    }
}
