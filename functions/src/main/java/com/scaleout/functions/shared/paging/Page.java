package com.scaleout.functions.shared.paging;

import java.util.List;
import java.util.function.Function;

/** A list response: {@code {"items": [...], "next": "<cursor or null>"}}. */
public record Page<T>(List<T> items, String next) {

    public Page {
        items = List.copyOf(items);
    }

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(items.stream().map(mapper).toList(), next);
    }
}
