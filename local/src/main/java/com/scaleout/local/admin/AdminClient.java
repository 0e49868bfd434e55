package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.http.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The admin routes of a running stack (local or deployed), with {@code X-Admin-Key}. Busy answers (429, 502-504)
 * and dropped connections are retried with backoff (up to about two minutes in all; callers make their requests
 * safe to repeat); any other non-2xx ends the command with the API's message.
 */
public final class AdminClient {
    private static final int ATTEMPTS = 8;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String adminKey;

    public AdminClient(String baseUrl, String adminKey) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.adminKey = adminKey;
    }

    /** The API answered with an error that retrying does not fix. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    public JsonNode call(String method, String path, String body) throws IOException, InterruptedException {
        IOException lastFailure = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            var request = HttpRequest.newBuilder(base.resolve(path.substring(1)))
                    .timeout(Duration.ofSeconds(60))
                    .header("X-Admin-Key", adminKey)
                    .header("Content-Type", "application/json")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body))
                    .build();
            try {
                var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status / 100 == 2) {
                    return Json.MAPPER.readTree(response.body());
                }
                if (status != 429 && status != 503 && status != 502 && status != 504) {
                    throw new Refused(method + " " + path + " answered " + status + ": " + message(response.body()));
                }
                lastFailure = new IOException(method + " " + path + " answered " + status + ": "
                        + message(response.body()));
            } catch (IOException e) {
                lastFailure = e;
            }
            Thread.sleep(Math.min(30_000, 500L << attempt));
        }
        throw lastFailure;
    }

    private static String message(String body) {
        try {
            var json = Json.MAPPER.readTree(body);
            return json.hasNonNull("message") ? json.get("message").asText() : body;
        } catch (IOException | RuntimeException notJson) {
            return body;
        }
    }
}
