package com.scaleout.local.backends;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/** Passing an exchange of the JDK's HTTP server on to another server, and its answer back: what a proxy does. */
public final class HttpExchanges {
    /** Headers the JDK client sets itself and refuses to be given. */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host",
            "upgrade", "transfer-encoding", "keep-alive");

    private HttpExchanges() {
    }

    /** The exchange's request (method, path and query, headers, {@code body}), addressed to {@code target}. */
    public static HttpRequest requestTo(URI target, HttpExchange exchange, byte[] body) {
        var request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().toString()))
                .timeout(Duration.ofSeconds(60))
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
            }
        });
        return request.build();
    }

    /** Answers the exchange with another server's response: status, headers and body. */
    public static void relay(HttpResponse<byte[]> response, HttpExchange exchange) throws IOException {
        response.headers().map().forEach((name, values) -> {
            if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        byte[] answer = response.body();
        exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
        if (answer.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        }
    }
}
