package com.scaleout.local.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * A small HTTP client for the integration tests, speaking JSON to the local API like any client would
 * (including retrying a 429, as API clients are expected to). Every answer it hands back is checked against the
 * contract ({@link OpenApiConformance}).
 */
public final class ApiClient {
    private final String baseUrl;
    private final HttpClient http;
    private final Map<String, String> everyRequestHeaders;

    public ApiClient(String baseUrl) {
        this(baseUrl, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(), Map.of());
    }

    private ApiClient(String baseUrl, HttpClient http, Map<String, String> everyRequestHeaders) {
        this.baseUrl = baseUrl;
        this.http = http;
        this.everyRequestHeaders = Map.copyOf(everyRequestHeaders);
    }

    /** This client, sending these headers with every request too (an Idempotency-Key, say). */
    public ApiClient withHeaders(Map<String, String> headers) {
        var all = new java.util.HashMap<>(everyRequestHeaders);
        all.putAll(headers);
        return new ApiClient(baseUrl, http, all);
    }

    /** A response with its body parsed (null when it is empty or not JSON). */
    public record Reply(int status, String body, JsonNode json, HttpResponse<String> raw) {
        public String text(String field) {
            return json.get(field).asText();
        }
    }

    public Reply send(String method, String path, String token, String body) {
        return send(method, path, token, body == null ? null : "application/json",
                body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A request with a body of any content type (a multipart upload, say). */
    public Reply send(String method, String path, String token, String contentType, byte[] body) {
        var headers = new java.util.HashMap<String, String>();
        if (token != null) {
            headers.put("authorization", "Bearer " + token);
        }
        if (contentType != null) {
            headers.put("content-type", contentType);
        }
        return exchange(method, path, headers, body);
    }

    /** A request with these headers (a JSON body gets its content type unless they name one). */
    public Reply sendWithHeaders(String method, String path, Map<String, String> headers, String body) {
        var all = new java.util.HashMap<>(headers);
        if (body != null && headers.keySet().stream().noneMatch("content-type"::equalsIgnoreCase)) {
            all.put("content-type", "application/json");
        }
        return exchange(method, path, all,
                body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private Reply exchange(String method, String path, Map<String, String> headers, byte[] body) {
        // 60 s: an import push retries its writes for up to its 29 s timeout under throttling
        var builder = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        everyRequestHeaders.forEach(builder::header);
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        for (int attempt = 1; ; attempt++) {
            try {
                var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 429 && attempt < 50) {
                    Thread.sleep(20L * attempt);
                    continue;
                }
                OpenApiConformance.contract().check(request, response);
                return new Reply(response.statusCode(), response.body(), parse(response.body()), response);
            } catch (IOException e) {
                throw new IllegalStateException(method + " " + path + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    public Reply get(String path) {
        return send("GET", path, null, null);
    }

    public Reply get(String path, String token) {
        return send("GET", path, token, null);
    }

    public Reply post(String path, String token, Object body) {
        return send("POST", path, token, body == null ? null : body instanceof String text ? text : Json.write(body));
    }

    public Reply put(String path, String token) {
        return send("PUT", path, token, null);
    }

    public Reply delete(String path, String token) {
        return send("DELETE", path, token, null);
    }

    private static JsonNode parse(String body) {
        try {
            return body == null || body.isEmpty() ? null : Json.MAPPER.readTree(body);
        } catch (IOException notJson) {
            return null;
        }
    }

    /** Registers {@code username} (password "password-" + username) and logs in; returns the token. */
    public String signUp(String username) {
        var registered = post("/users", null, Map.of("username", username, "password", "password-" + username));
        if (registered.status() != 201) {
            throw new IllegalStateException("register " + username + ": " + registered.status() + " " + registered.body());
        }
        return logIn(username);
    }

    public String logIn(String username) {
        var session = post("/sessions", null, Map.of("username", username, "password", "password-" + username));
        if (session.status() != 201) {
            throw new IllegalStateException("login " + username + ": " + session.status() + " " + session.body());
        }
        return session.text("token");
    }
}
