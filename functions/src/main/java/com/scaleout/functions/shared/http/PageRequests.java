package com.scaleout.functions.shared.http;

import com.scaleout.functions.shared.paging.Cursors;
import com.scaleout.functions.shared.paging.PageRequest;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@code ?limit=} and {@code ?cursor=} of a list route, read into a {@link PageRequest}. A cursor that does not
 * decode to a plausible sort value for the list is a 400, never a query that fails later.
 */
public final class PageRequests {
    private static final Pattern ASCII_DIGITS = Pattern.compile("[0-9]{1,9}");

    private PageRequests() {
    }

    public static PageRequest from(ApiRequest request, Predicate<String> validSortValue) {
        return from(request, PageRequest.DEFAULT_LIMIT, PageRequest.MAX_LIMIT, validSortValue);
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

    static String decode(String cursor, Predicate<String> validSortValue) {
        return Cursors.decode(cursor, validSortValue)
                .orElseThrow(() -> ApiException.invalidField("cursor", "is not a cursor this list returned"));
    }
}
