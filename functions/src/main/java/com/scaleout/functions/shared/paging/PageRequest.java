package com.scaleout.functions.shared.paging;

import java.util.Optional;

/**
 * One page of a list that is newest first and keyed by a sort value: at most {@code limit} items, those before the
 * sort value {@code before} when there is one (the previous page's last). Read from a request by the HTTP edge
 * ({@code shared.http.PageRequests}).
 */
public record PageRequest(int limit, Optional<String> before) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    /** The page's {@code next}: a cursor after the last item, when the store says there may be more. */
    public String nextCursor(String lastSortValue, boolean more) {
        return more ? Cursors.encode(lastSortValue) : null;
    }
}
