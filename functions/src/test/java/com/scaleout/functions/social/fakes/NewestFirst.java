package com.scaleout.functions.social.fakes;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.Slice;
import java.util.Collection;
import java.util.Comparator;
import java.util.function.Function;

/** The stores' one list query, in memory: newest first by a ULID sort key, before the cursor, limit + 1 read. */
final class NewestFirst {

    private NewestFirst() {
    }

    static <T> Slice<T> slice(Collection<T> items, Function<T, String> sortKey, PageRequest page) {
        var read = items.stream()
                .filter(item -> page.before().map(before -> sortKey.apply(item).compareTo(before) < 0).orElse(true))
                .sorted(Comparator.comparing(sortKey, Comparator.reverseOrder()))
                .limit(page.limit() + 1L)
                .toList();
        return Slice.ofOverfetched(read, page.limit());
    }
}
