package com.scaleout.client;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request to the API: method, path with its query, headers and body (null for none). Built step by step, each
 * step a new request: {@code ApiRequest.of("POST", "/tweets").bearer(token).json(Map.of("text", "hi"))}.
 */
public record ApiRequest(String method, String path, Map<String, String> headers, byte[] body) {
    public ApiRequest {
        headers = Map.copyOf(headers);
    }

    public static ApiRequest of(String method, String path) {
        return new ApiRequest(method, path, Map.of(), null);
    }

    /** This request with the header too (replacing one of the same name as given). */
    public ApiRequest header(String name, String value) {
        var more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ApiRequest(method, path, more, body);
    }

    /** This request with these headers too. */
    public ApiRequest headers(Map<String, String> more) {
        var all = new LinkedHashMap<>(headers);
        all.putAll(more);
        return new ApiRequest(method, path, all, body);
    }

    /** With {@code Authorization: Bearer token}; a null token sends none (a logged-out call). */
    public ApiRequest bearer(String token) {
        return token == null ? this : header("authorization", "Bearer " + token);
    }

    /** With {@code value} as its JSON body (a String is sent as it is, anything else written as JSON). */
    public ApiRequest json(Object value) {
        String text = value instanceof String string ? string : JsonBodies.write(value);
        return body("application/json", text.getBytes(StandardCharsets.UTF_8));
    }

    /** With this body and content type. */
    public ApiRequest body(String contentType, byte[] bytes) {
        return new ApiRequest(method, path, headers, bytes).header("content-type", contentType);
    }

    /** Method and path, as messages name a request. */
    public String describe() {
        return method + " " + path;
    }
}
