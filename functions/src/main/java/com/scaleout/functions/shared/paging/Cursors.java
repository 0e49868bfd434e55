package com.scaleout.functions.shared.paging;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Predicate;

/** A page's cursor: "items before this sort value", encoded opaquely (base64url of a small JSON object). */
public final class Cursors {
    private Cursors() {
    }

    public static String encode(String sortValue) {
        var json = Json.MAPPER.createObjectNode().put("b", sortValue);
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(Json.write(json).getBytes(StandardCharsets.UTF_8));
    }

    /** The sort value of a cursor this list returned; empty for anything else, whatever it is. */
    public static Optional<String> decode(String cursor, Predicate<String> validSortValue) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(cursor);
            JsonNode node = Json.MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
            JsonNode before = node == null ? null : node.get("b");
            if (before != null && before.isTextual() && validSortValue.test(before.asText())) {
                return Optional.of(before.asText());
            }
        } catch (Exception malformed) {
            // not a cursor of ours, whatever the cause
        }
        return Optional.empty();
    }
}
