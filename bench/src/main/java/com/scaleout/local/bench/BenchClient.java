package com.scaleout.local.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The benchmarks' HTTP client for setting up and measuring through the public API: one request, any headers, a JSON
 * or raw body; a status of 300 or more throws (a benchmark's world failing to build).
 */
final class BenchClient {
    private final String baseUrl;
    private final Duration timeout;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    BenchClient(String baseUrl) {
        this(baseUrl, Duration.ofSeconds(60));
    }

    BenchClient(String baseUrl, Duration timeout) {
        this.baseUrl = baseUrl;
        this.timeout = timeout;
    }

    /** A request: method, path with its query, headers and body (null for none). */
    record Call(String method, String path, Map<String, String> headers, byte[] body) {
        static Call of(String method, String path) {
            return new Call(method, path, Map.of(), null);
        }

        Call header(String name, String value) {
            var more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Call(method, path, more, body);
        }

        Call bearer(String token) {
            return header("authorization", "Bearer " + token);
        }

        Call json(Object value) {
            return new Call(method, path, headers, Json.write(value).getBytes(StandardCharsets.UTF_8))
                    .header("content-type", "application/json");
        }

        Call body(String contentType, byte[] bytes) {
            return new Call(method, path, headers, bytes).header("content-type", contentType);
        }
    }

    JsonNode send(Call call) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(baseUrl + call.path())).timeout(timeout)
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(call.body()));
        call.headers().forEach(request::header);
        var response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(call.method() + " " + call.path() + ": " + response.statusCode() + " "
                    + response.body());
        }
        return response.body().isEmpty() ? null : Json.MAPPER.readTree(response.body());
    }
}
