package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiRequest;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/** Seeds benchmark data through the public API, as a client would. */
final class BenchApi {
    private final BenchClient client;
    private final Map<String, String> headers;

    BenchApi(String baseUrl) {
        this(baseUrl, Map.of());
    }

    /** With {@code headers} on every request (an admin key). */
    BenchApi(String baseUrl, Map<String, String> headers) {
        this.client = new BenchClient(baseUrl, Duration.ofSeconds(30));
        this.headers = Map.copyOf(headers);
    }

    /** A JSON request whose answer must be a success: anything else is the setup failing. */
    JsonNode send(String method, String path, String token, Object body) throws Exception {
        var call = ApiRequest.of(method, path).header("content-type", "application/json").headers(headers);
        return client.send(body == null ? call.bearer(token) : call.bearer(token).json(body));
    }

    private String signUp(String prefix) throws Exception {
        String name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 15 - prefix.length());
        return signUp(name, "benchmark-password");
    }

    /** Registers {@code username} and logs in: its session's token. */
    String signUp(String username, String password) throws Exception {
        send("POST", "/users", null, Map.of("username", username, "password", password));
        return send("POST", "/sessions", null, Map.of("username", username, "password", password))
                .get("token").asText();
    }

    /** A reader following {@code authors} accounts that tweeted {@code tweetsEach} times; returns its token. */
    String seedTimeline(int authors, int tweetsEach) throws Exception {
        String reader = signUp("reader");
        String readerName = send("GET", "/me", reader, null).get("username").asText();
        for (int a = 0; a < authors; a++) {
            String author = signUp("author" + a);
            String authorName = send("GET", "/me", author, null).get("username").asText();
            send("PUT", "/me/following/" + authorName, reader, null);
            for (int t = 0; t < tweetsEach; t++) {
                send("POST", "/tweets", author, Map.of("text", "tweet " + t + " of " + authorName
                        + (t == 0 ? " for @" + readerName : "") + " #bench"));
            }
        }
        long deadline = System.currentTimeMillis() + 30_000;
        while (send("GET", "/timeline?limit=100", reader, null).get("items").size() < authors * tweetsEach) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the timeline did not fill up within 30 s");
            }
            Thread.sleep(200);
        }
        return reader;
    }
}
