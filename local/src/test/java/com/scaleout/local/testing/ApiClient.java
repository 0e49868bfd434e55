package com.scaleout.local.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiRequest;
import com.scaleout.client.ApiResponse;
import com.scaleout.client.BusyResend;
import com.scaleout.client.ScaleoutClient;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * The integration tests' way with the API client (scaleout-client), speaking JSON to the local API like any client
 * would (including retrying a 429, as API clients are expected to). Every answer it hands back is checked against
 * the contract ({@link OpenApiConformance}).
 */
public final class ApiClient {
    /** A 429 is sent again up to 50 times in all, after 20 ms more each time. */
    private static final BusyResend TOO_MANY_REQUESTS = new BusyResend(answer -> answer.status() == 429, 50,
            attempt -> Duration.ofMillis(20L * attempt));

    private final ScaleoutClient client;

    public ApiClient(String baseUrl) {
        this(configured(baseUrl).onAnswer(answer -> OpenApiConformance.contract().check(answer)).build());
    }

    /** A client whose answers are not checked against the contract: for faults it does not document (a 5xx). */
    public static ApiClient unchecked(String baseUrl) {
        return new ApiClient(configured(baseUrl).build());
    }

    /**
     * A client that hands a 429 back as it comes, unchecked: for a test of a refusal itself, which would otherwise
     * wait out the 50 resends (24.5 s) of every 429 it expects.
     */
    public static ApiClient refusalsAsTheyCome(String baseUrl) {
        return new ApiClient(ScaleoutClient.to(baseUrl).connectTimeout(Duration.ofSeconds(2))
                .timeout(Duration.ofSeconds(60)).build());
    }

    // 60 s: an import push retries its writes for up to its 29 s timeout under throttling
    private static ScaleoutClient.Builder configured(String baseUrl) {
        return ScaleoutClient.to(baseUrl).connectTimeout(Duration.ofSeconds(2)).timeout(Duration.ofSeconds(60))
                .resend(TOO_MANY_REQUESTS);
    }

    private ApiClient(ScaleoutClient client) {
        this.client = client;
    }

    /** This client, sending these headers with every request too (an Idempotency-Key, say). */
    public ApiClient withHeaders(Map<String, String> headers) {
        return new ApiClient(client.withHeaders(headers));
    }

    /** A response with its body parsed (null when it is empty or not JSON), and the answer as it came. */
    public record Reply(int status, String body, JsonNode json, ApiResponse raw) {
        public String text(String field) {
            return json.get(field).asText();
        }
    }

    public Reply send(String method, String path, String token, String body) {
        return send(method, path, token, body == null ? null : "application/json",
                body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    /** A request with a body of any content type (a multipart upload, say). */
    public Reply send(String method, String path, String token, String contentType, byte[] body) {
        var request = ApiRequest.of(method, path).bearer(token);
        return exchange(contentType == null ? new ApiRequest(method, path, request.headers(), body)
                : request.body(contentType, body));
    }

    /** A request with these headers (a JSON body gets its content type unless they name one). */
    public Reply sendWithHeaders(String method, String path, Map<String, String> headers, String body) {
        var request = ApiRequest.of(method, path);
        if (body != null) {
            request = request.json(body);
        }
        return exchange(request.headers(headers));
    }

    private Reply exchange(ApiRequest request) {
        try {
            var answer = client.send(request);
            return new Reply(answer.status(), answer.body(), parse(answer.body()), answer);
        } catch (IOException e) {
            throw new IllegalStateException(request.describe() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
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

    public Reply patch(String path, String token, Object body) {
        return send("PATCH", path, token, body instanceof String text ? text : Json.write(body));
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
