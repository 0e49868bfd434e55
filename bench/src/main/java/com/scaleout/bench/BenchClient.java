package com.scaleout.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.client.ApiRequest;
import com.scaleout.client.ScaleoutClient;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The benchmarks' way with the API client, for setting up and measuring through the public API: one request, any
 * headers, a JSON or raw body; a status of 300 or more throws (a benchmark's world failing to build).
 */
final class BenchClient {
    private final ScaleoutClient client;

    BenchClient(String baseUrl) {
        this(baseUrl, Duration.ofSeconds(60));
    }

    BenchClient(String baseUrl, Duration timeout) {
        this.client = ScaleoutClient.to(baseUrl).timeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The answer's JSON (null for an empty body). */
    JsonNode send(ApiRequest call) throws IOException, InterruptedException {
        var response = client.send(call);
        if (response.status() >= 300) {
            throw new IllegalStateException(call.describe() + ": " + response.status() + " " + response.body());
        }
        return response.body().isEmpty() ? null : Json.MAPPER.readTree(response.body());
    }
}
