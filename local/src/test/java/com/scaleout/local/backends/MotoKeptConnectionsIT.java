package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.http.RawHttp;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The patched moto keeps its connections (patch 13 of scaleout_moto.py): request after request on one connection,
 * each answered whole with no {@code Connection: close}, a body the application leaves unread never taken for the
 * next request, and a client's own {@code Connection: close} honoured. Unpatched, werkzeug closed every connection
 * after its answer: a TCP connection and a thread per DynamoDB call.
 */
class MotoKeptConnectionsIT {
    private static final String LIST_TABLES = "{}";
    private static ManagedProcess moto;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        port = Probes.freePort();
        moto = MotoServer.start(MotoServer.Variant.PATCHED, port, Path.of("target/it-data/moto-kept-connections"));
    }

    @AfterAll
    static void stop() {
        if (moto != null) {
            moto.close();
        }
    }

    @Test
    void oneConnectionServesRequestAfterRequestUntilTheClientAsksToClose() throws Exception {
        try (var socket = RawHttp.connect(port)) {
            for (int i = 0; i < 20; i++) {
                socket.getOutputStream().write(dynamoDb("ListTables", LIST_TABLES, false));
                String answer = RawHttp.readAnswer(socket.getInputStream());
                assertThat(answer).startsWith("HTTP/1.1 200").contains("TableNames")
                        .doesNotContainIgnoringCase("connection: close");
            }
            // a body moto's reset never reads: the next request on the connection is still read as one
            socket.getOutputStream().write(request("POST", "/moto-api/reset", "", "x".repeat(5_000), false));
            assertThat(RawHttp.readAnswer(socket.getInputStream())).startsWith("HTTP/1.1 200");
            socket.getOutputStream().write(dynamoDb("ListTables", LIST_TABLES, true));
            assertThat(RawHttp.readAnswer(socket.getInputStream())).startsWith("HTTP/1.1 200")
                    .contains("TableNames");
            assertThat(RawHttp.closedByServer(socket)).as("closed after the answer the client asked to be the last")
                    .isTrue();
        }
    }

    private static byte[] dynamoDb(String operation, String body, boolean close) {
        return request("POST", "/", "X-Amz-Target: DynamoDB_20120810." + operation + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=test/20261207/us-east-1/dynamodb/aws4_request, "
                + "SignedHeaders=host, Signature=0\r\n", body, close);
    }

    private static byte[] request(String method, String target, String headers, String body, boolean close) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n" + headers
                + "Content-Length: " + bytes.length + "\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
        var all = new byte[headBytes.length + bytes.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(bytes, 0, all, headBytes.length, bytes.length);
        return all;
    }
}
