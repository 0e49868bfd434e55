package com.scaleout.functions.social.application;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.domain.TimelinePaging;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Optional;

/**
 * A home timeline's cursor: base64url of {@code {"b": before, "t": [tweet ids shown above]}}. A cursor of the shared
 * shape ({@code {"b": ...}} alone, as timelines answered before they carried shown tweets) still reads.
 */
final class TimelineCursors {
    private TimelineCursors() {
    }

    static String encode(TimelinePaging.Position position) {
        var json = Json.MAPPER.createObjectNode().put("b", position.before().orElseThrow());
        var shown = json.putArray("t");
        position.shownAbove().forEach(shown::add);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.write(json).getBytes(StandardCharsets.UTF_8));
    }

    static TimelinePaging.Position decode(String cursor) {
        try {
            JsonNode node = Json.MAPPER.readTree(new String(Base64.getUrlDecoder().decode(cursor),
                    StandardCharsets.UTF_8));
            String before = node.path("b").asText(null);
            JsonNode shown = node.path("t");
            var shownAbove = new ArrayList<String>();
            shown.forEach(id -> shownAbove.add(id.asText(null)));
            if (Ids.isId(before) && (shown.isMissingNode() || shown.isArray())
                    && shownAbove.size() <= TimelinePaging.MAX_CARRIED && shownAbove.stream().allMatch(Ids::isId)) {
                return new TimelinePaging.Position(Optional.of(before), shownAbove);
            }
        } catch (IllegalArgumentException | JsonProcessingException malformed) {
            // not base64url, or not JSON: reported below
        }
        throw InvalidInputException.field("cursor", "is not a cursor this list returned");
    }
}
