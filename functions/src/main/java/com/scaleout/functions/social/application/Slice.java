package com.scaleout.functions.social.application;

import java.util.List;

/** One page read from a store, newest first, and whether more lie beyond it. */
public record Slice<T>(List<T> items, boolean more) {
    public Slice {
        items = List.copyOf(items);
    }

    /** Trims a read of {@code limit + 1} items to {@code limit}, noting whether the extra one was there. */
    public static <T> Slice<T> ofOverfetched(List<T> read, int limit) {
        return read.size() > limit ? new Slice<>(read.subList(0, limit), true) : new Slice<>(read, false);
    }
}
