package com.scaleout.local.admin;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The admin routes on the JDK's HTTP server, for the command line's tests: each request is noted (method, path, admin
 * key, body) and gets the answer the test queued, else 404.
 */
final class AdminRoutes implements AutoCloseable {
    private record Answer(int status, String body) {
    }

    private final Deque<Answer> answers = new ArrayDeque<>();
    private final HttpServer server;

    AdminRoutes(List<String> requests) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " key="
                    + exchange.getRequestHeaders().getFirst("X-Admin-Key") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            Answer answer;
            synchronized (answers) {
                answer = answers.isEmpty() ? new Answer(404, "{\"message\":\"Not Found\"}") : answers.removeFirst();
            }
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
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

    void answer(int status, String body) {
        synchronized (answers) {
            answers.add(new Answer(status, body));
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
