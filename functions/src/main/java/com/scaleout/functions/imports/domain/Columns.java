package com.scaleout.functions.imports.domain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The top-level fields seen in a table's data, each with every JSON type its values had ({@link JsonTypes}).
 * Tracking is capped, so that a table's statistics stay far below DynamoDB's 400 KB item limit and a page of 100
 * tables below Lambda's 6 MB response limit, even with every character escaped twice: at most {@link #MAX_TRACKED} (name, type) pairs of at most
 * {@link #MAX_TRACKED_BYTES} UTF-8 bytes in all. Pairs first seen past the cap are not tracked, and
 * {@code truncated} says that some are missing.
 */
public record Columns(Set<Column> tracked, boolean truncated) {
    public static final int MAX_TRACKED = 1_000;
    public static final int MAX_TRACKED_BYTES = 20_000;
    public static final Columns NONE = new Columns(Set.of(), false);

    public Columns {
        tracked = Set.copyOf(tracked);
    }

    /** A field name with one type its values had. */
    public record Column(String name, String type) {
        long bytes() {
            return Utf8.length(name) + Utf8.length(type);
        }
    }

    /** The fields of one record's data, in document order. */
    public static List<Column> of(JsonNode data) {
        var columns = new ArrayList<Column>(data.size());
        for (Map.Entry<String, JsonNode> field : data.properties()) {
            columns.add(new Column(field.getKey(), JsonTypes.of(field.getValue())));
        }
        return columns;
    }

    /** These columns and, in the order seen, those of {@code seen} that are new, as far as the cap allows. */
    public Columns plus(Iterable<Column> seen) {
        var all = new LinkedHashSet<>(tracked);
        long bytes = tracked.stream().mapToLong(Column::bytes).sum();
        boolean missing = truncated;
        for (Column column : seen) {
            if (all.contains(column)) {
                continue;
            }
            if (all.size() >= MAX_TRACKED || bytes + column.bytes() > MAX_TRACKED_BYTES) {
                missing = true;
                continue;
            }
            all.add(column);
            bytes += column.bytes();
        }
        return new Columns(all, missing);
    }

    /** The pairs in {@code this} that {@code before} lacks. */
    public Set<Column> addedSince(Columns before) {
        var added = new LinkedHashSet<>(tracked);
        added.removeAll(before.tracked());
        return added;
    }

    /**
     * Each column with its type, by name; a column seen with several types has them sorted and joined with
     * {@code |}, e.g. {@code integer|string}.
     */
    public SortedMap<String, String> typesByName() {
        var types = new TreeMap<String, TreeSet<String>>();
        for (Column column : tracked) {
            types.computeIfAbsent(column.name(), name -> new TreeSet<>()).add(column.type());
        }
        var joined = new TreeMap<String, String>();
        types.forEach((name, set) -> joined.put(name, String.join("|", set)));
        return joined;
    }
}
