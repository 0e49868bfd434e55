package com.scaleout.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;

/** JSON as the client writes request bodies and reads answers. */
final class JsonBodies {
    static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private JsonBodies() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("not writable as JSON: " + value.getClass().getName(), e);
        }
    }

    /** The text's JSON, or null when it is empty or not JSON. */
    static JsonNode readOrNull(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return MAPPER.readTree(text);
        } catch (IOException notJson) {
            return null;
        }
    }
}
