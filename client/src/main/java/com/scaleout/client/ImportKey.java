package com.scaleout.client;

/** An import API key as {@code POST /admin/import-keys} answers it: the token is shown only then. */
public record ImportKey(String keyId, String token, long clientId) {
    static ImportKey from(ApiResponse created) {
        var json = ApiError.unlessFailed(created).json();
        return new ImportKey(json.get("keyId").asText(), json.get("token").asText(), json.get("clientId").asLong());
    }
}
