package com.scaleout.client;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A stack in the test's JVM, on the JDK's HTTP server: it answers what the test queued (else 200 {}) and keeps every
 * request it got.
 */
final class FakeApi implements AutoCloseable {
    /** A request as the server saw it. */
    record Seen(String method, String uri, Map<String, List<String>> headers, String body) {
        List<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).toList();
        }
    }

    private record Queued(int status, Map<String, String> headers, String body) {
    }

    final List<Seen> seen = new ArrayList<>();
    private final Deque<Queued> answers = new ArrayDeque<>();
    private final HttpServer server;

    FakeApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Queued answer;
            synchronized (this) {
                seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                        Map.copyOf(exchange.getRequestHeaders()),
                        new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
                answer = answers.isEmpty() ? new Queued(200, Map.of(), "{}") : answers.removeFirst();
            }
            answer.headers().forEach(exchange.getResponseHeaders()::add);
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    synchronized void answer(int status, String body) {
        answer(status, Map.of("Content-Type", "application/json"), body);
    }

    synchronized void answer(int status, Map<String, String> headers, String body) {
        answers.add(new Queued(status, headers, body));
    }

    synchronized Seen only() {
        if (seen.size() != 1) {
            throw new AssertionError("expected one request, got " + seen);
        }
        return seen.get(0);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
