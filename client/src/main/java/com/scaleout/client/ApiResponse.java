package com.scaleout.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.util.Optional;

/**
 * The API's answer to one request, as it came: the request sent, status, headers and body text. Callers that check
 * statuses and error bodies read it whole; {@link #json()} and {@link #message()} read the body the API's way.
 */
public record ApiResponse(HttpRequest request, int status, HttpHeaders headers, String body) {
    public boolean isSuccess() {
        return status / 100 == 2;
    }

    /** The first value of a header (names are case-insensitive). */
    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** The body as JSON; null when it is empty or not JSON. */
    public JsonNode json() {
        return JsonBodies.readOrNull(body);
    }

    /** A field of a JSON body as text. */
    public String text(String field) {
        return json().get(field).asText();
    }

    /**
     * What an error body says: its {@code message} (social, admin, import), its {@code msg} (the album store) or its
     * {@code error} (the import API's 422), else the body itself.
     */
    public String message() {
        JsonNode json = json();
        if (json != null && json.isObject()) {
            for (String field : new String[] {"message", "msg", "error"}) {
                if (json.hasNonNull(field)) {
                    return json.get(field).asText();
                }
            }
        }
        return body;
    }

    /** Method, path and status, with the error's message when it is not a success. */
    public String describe() {
        String said = request.method() + " " + request.uri().getRawPath() + " answered " + status;
        return isSuccess() ? said : said + ": " + message();
    }
}
