package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiResponse;
import com.scaleout.client.Transport;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.testing.RequestBodies;
import com.scaleout.local.testing.SettableClock;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admin routes as {@link AdminClient} sees them, in memory: {@code POST /admin/seed} as the route behaves (a
 * chunk id seeded whole before is answered again with {@code replayed}, writing nothing), answers a test queues
 * before a route's own (a 503 with Retry-After, a dropped connection), and every request and wait recorded. Time passes only
 * when the client pauses.
 */
final class FakeStack implements Transport, AdminClient.Pause {
    /** Chunk id → the answer it got when it was written, in the order written. */
    final Map<String, JsonNode> seeded = new LinkedHashMap<>();
    /** Every chunk id a seed request carried, in order (retries and replays included). */
    final List<String> chunkIdsSent = new ArrayList<>();
    /** Chunk ids whose data was written (a replay writes nothing). */
    final List<String> written = new ArrayList<>();
    final List<Duration> waits = new ArrayList<>();
    /** Every request's method and path, in order. */
    final List<String> routes = new ArrayList<>();
    private static final String SEED = "POST /admin/seed";
    /** By route: answers that come before the route's own. */
    private final Map<String, Deque<Answer>> queued = new java.util.HashMap<>();
    private final Deque<IOException> dropped = new ArrayDeque<>();
    private long nextIndex;
    final SettableClock clock = new SettableClock(Instant.parse("2026-12-01T10:00:00Z"));

    AdminClient client() {
        return new AdminClient("http://stack.test", "key", this, this, clock);
    }

    /** The next seed request gets this answer instead of the route's. */
    void answerNext(int status, String retryAfter, String message) {
        answerNextOn(SEED, status, retryAfter, message);
    }

    /** The next request to {@code route} ({@code GET /admin/status}) gets this answer instead of the route's. */
    void answerNextOn(String route, int status, String retryAfter, String message) {
        queued.computeIfAbsent(route, r -> new ArrayDeque<>()).add(new Answer(status,
                Optional.ofNullable(retryAfter), Json.write(Map.of("message", message))));
    }

    /** The next request gets no answer. */
    void dropNext(IOException failure) {
        dropped.add(failure);
    }

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
        clock.advance(duration);
    }

    /** An answer the stack gives: status, Retry-After if any, body. */
    private record Answer(int status, Optional<String> retryAfter, String body) {
        ApiResponse to(HttpRequest request) {
            var headers = retryAfter.map(value -> Map.of("retry-after", List.of(value))).orElse(Map.of());
            return new ApiResponse(request, status, HttpHeaders.of(headers, (name, value) -> true), body);
        }
    }

    @Override
    public ApiResponse exchange(HttpRequest request) throws IOException {
        JsonNode body = body(request);
        if (body != null && body.has("chunkId")) {
            chunkIdsSent.add(body.get("chunkId").asText());
        }
        if (!dropped.isEmpty()) {
            throw dropped.removeFirst();
        }
        String route = request.method() + " " + request.uri().getPath();
        routes.add(route);
        var before = queued.getOrDefault(route, new ArrayDeque<>());
        if (!before.isEmpty()) {
            return before.removeFirst().to(request);
        }
        return switch (route) {
            case SEED -> new Answer(200, Optional.empty(), Json.write(seed(body))).to(request);
            case "GET /admin/status" -> new Answer(200, Optional.empty(), "{\"streams\": {}}").to(request);
            case "POST /admin/reset" -> new Answer(200, Optional.empty(),
                    "{\"deleted\": {\"Users\": 3}, \"complete\": true}").to(request);
            default -> new Answer(404, Optional.empty(), "{\"message\": \"Not Found\"}").to(request);
        };
    }

    /** Marks chunks as seeded whole by an earlier run, as the route's chunk log would hold them. */
    void seededBefore(SeedChunks.Chunk chunk) {
        seeded.put(chunk.id(), answer(chunk.id(), chunk.users(), false));
    }

    private JsonNode seed(JsonNode body) {
        String chunkId = body.get("chunkId").asText();
        var before = seeded.get(chunkId);
        if (before != null) {
            return ((com.fasterxml.jackson.databind.node.ObjectNode) before.deepCopy()).put("replayed", true);
        }
        var answer = answer(chunkId, body.get("users").asInt(), false);
        written.add(chunkId);
        seeded.put(chunkId, answer);
        return answer;
    }

    private JsonNode answer(String chunkId, int users, boolean replayed) {
        long first = nextIndex;
        nextIndex += users;
        var accounts = Json.MAPPER.createArrayNode();
        for (long i = first; i < first + users; i++) {
            accounts.addObject().put("userId", "id" + i).put("username", "user_" + i);
        }
        var answer = Json.MAPPER.createObjectNode().put("chunkId", chunkId).put("firstIndex", first)
                .put("users", users).put("skipped", 0).put("tweets", users * 2).put("follows", users)
                .put("replayed", replayed);
        answer.set("accounts", accounts);
        return answer;
    }

    private static JsonNode body(HttpRequest request) throws IOException {
        byte[] bytes = RequestBodies.of(request);
        return bytes == null ? null : Json.MAPPER.readTree(bytes);
    }
}
