package com.scaleout.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The import API's routes: Stitch's (push, validate, batch; JSON or Transit JSON), the tables and their change log,
 * and RJMetrics' data and authenticate routes. Its errors are Stitch's and RJMetrics' shapes.
 */
public final class ImportApi {
    private final ScaleoutClient client;

    ImportApi(ScaleoutClient client) {
        this.client = client;
    }

    /** A Stitch route ({@code push}, {@code validate}, {@code batch}) with a body of this content type. */
    public ApiResponse stitch(String route, String token, String contentType, byte[] body)
            throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/v2/import/" + route).bearer(token).body(contentType, body));
    }

    public ApiResponse push(String token, String json) throws IOException, InterruptedException {
        return stitch("push", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    public ApiResponse validate(String token, String json) throws IOException, InterruptedException {
        return stitch("validate", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    public ApiResponse batch(String token, String json) throws IOException, InterruptedException {
        return stitch("batch", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    public ApiResponse tables(String token) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/v2/import/tables").bearer(token));
    }

    /** A page of a table's change log: {@code limit} changes after the position {@code after}. */
    public ApiResponse changes(String token, String table, String after, int limit)
            throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/v2/import/tables/" + table + "/changes?limit=" + limit
                + "&after=" + after).bearer(token));
    }

    /** RJMetrics' data route with the key as {@code ?apikey=}, as its clients send it. */
    public ApiResponse rjMetricsData(long clientId, String table, String apiKey, String json)
            throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/v2/client/" + clientId + "/table/" + table + "/data?apikey="
                + apiKey).json(json));
    }

    /** RJMetrics' data route with the key as a Bearer token. */
    public ApiResponse rjMetricsDataWithBearer(long clientId, String table, String token, String json)
            throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/v2/client/" + clientId + "/table/" + table + "/data")
                .bearer(token).json(json));
    }

    /** Whether the key ({@code ?apikey=}, none when null) is valid for the client. */
    public ApiResponse rjMetricsAuthenticate(long clientId, String apiKey) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/v2/client/" + clientId + "/authenticate"
                + (apiKey == null ? "" : "?apikey=" + apiKey)));
    }
}
