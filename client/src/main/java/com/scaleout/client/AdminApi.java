package com.scaleout.client;

import java.io.IOException;
import java.util.Map;

/**
 * The test interface's routes, behind {@code X-Admin-Key} (give it to the client's builder as a header): seed, reset,
 * status, stress, and import keys.
 */
public final class AdminApi {
    /** The header the admin routes read their key from. */
    public static final String KEY_HEADER = "X-Admin-Key";

    private final ScaleoutClient client;

    /** The bodies, their fields in the documented order. */
    private record NewImportKey(long clientId, String name) {
    }

    private record Stress(String star, int n, int fan) {
    }

    AdminApi(ScaleoutClient client) {
        this.client = client;
    }

    /** One chunk of a seed ({@code users}, {@code tweetsPerUser}, {@code followsPerUser}, {@code chunkId}...). */
    public ApiResponse seed(Map<String, Object> chunk) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/admin/seed").json(chunk));
    }

    public ApiResponse status() throws IOException, InterruptedException {
        return client.send(ApiRequest.of("GET", "/admin/status"));
    }

    /** One round of emptying the stores; {@code complete} says whether another is needed. */
    public ApiResponse reset() throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/admin/reset"));
    }

    public ApiResponse stress(String star, int n, int fan) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/admin/stress").json(new Stress(star, n, fan)));
    }

    public ApiResponse createImportKey(long clientId, String name) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("POST", "/admin/import-keys").json(new NewImportKey(clientId, name)));
    }

    /** A new key of the client ({@link ApiError} when the route refuses). */
    public ImportKey importKey(long clientId, String name) throws IOException, InterruptedException {
        return ImportKey.from(createImportKey(clientId, name));
    }

    public ApiResponse revokeImportKey(String keyId) throws IOException, InterruptedException {
        return client.send(ApiRequest.of("DELETE", "/admin/import-keys/" + keyId));
    }
}
