package com.scaleout.functions.shared.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@code ?limit=} and {@code ?cursor=} of a list route. Lists are newest first and keyed by a sort value, so a
 * cursor is simply "items before this sort value", encoded opaquely; a cursor that does not decode to a
 * plausible sort value for the list is a 400, never a query that fails later.
 */
public record PageRequest(int limit, Optional<String> before) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    private static final Pattern ASCII_DIGITS = Pattern.compile("[0-9]{1,9}");

    public static PageRequest from(ApiRequest request, Predicate<String> validSortValue) {
        return from(request, DEFAULT_LIMIT, MAX_LIMIT, validSortValue);
    }

    public static PageRequest from(ApiRequest request, int defaultLimit, int maxLimit,
                                   Predicate<String> validSortValue) {
        int limit = limit(request, defaultLimit, maxLimit);
        Optional<String> before = request.query("cursor").map(cursor -> decode(cursor, validSortValue));
        return new PageRequest(limit, before);
    }

    /** {@code ?limit=}, from 1 to {@code maxLimit}, for lists that page by something other than a cursor. */
    public static int limit(ApiRequest request, int defaultLimit, int maxLimit) {
        return request.query("limit").map(text -> parseLimit(text, maxLimit)).orElse(defaultLimit);
    }

    private static int parseLimit(String text, int maxLimit) {
        String digits = text.trim();
        // ASCII digits only: Integer.parseInt also reads other scripts' digits ("\u0663" as 3)
        if (ASCII_DIGITS.matcher(digits).matches()) {
            int limit = Integer.parseInt(digits);
            if (limit >= 1 && limit <= maxLimit) {
                return limit;
            }
        }
        throw ApiException.invalidField("limit", "must be an integer from 1 to " + maxLimit);
    }

    public static String encode(String sortValue) {
        var json = Json.MAPPER.createObjectNode().put("b", sortValue);
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(Json.write(json).getBytes(StandardCharsets.UTF_8));
    }

    static String decode(String cursor, Predicate<String> validSortValue) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(cursor);
            JsonNode node = Json.MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
            JsonNode before = node == null ? null : node.get("b");
            if (before != null && before.isTextual() && validSortValue.test(before.asText())) {
                return before.asText();
            }
        } catch (Exception malformed) {
            // reported below, whatever the cause
        }
        throw ApiException.invalidField("cursor", "is not a cursor this list returned");
    }

    /** The page's {@code next}: a cursor after the last item, when the store says there may be more. */
    public String nextCursor(String lastSortValue, boolean more) {
        return more ? encode(lastSortValue) : null;
    }
}
