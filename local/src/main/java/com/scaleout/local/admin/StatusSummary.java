package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./scaleout status} for a person: the admin status document ({@code GET /admin/status}) in a few lines,
 * counts per workload and per table, the cache's hit rate and each stream consumer's lag. {@code --json} prints the
 * document itself.
 */
final class StatusSummary {
    private static final String SEPARATOR = ", ";

    private StatusSummary() {
    }

    static List<String> lines(String url, JsonNode status) {
        var lines = new ArrayList<String>();
        lines.add("status of " + url + " at " + status.path("at").asText("?"));
        lines.add(String.format(Locale.ROOT, "  social    %s users, %s tweets, %s follows", count(status, "users"),
                count(status, "tweets"), count(status, "follows")));
        lines.add("  albums    " + count(status, "albums"));
        lines.add("  import    " + count(status, "importRecords") + " records");
        var tables = new ArrayList<String>();
        status.path("tables").properties().forEach(table -> tables.add(table.getKey() + " " + grouped(table.getValue())));
        lines.add("  tables    " + (tables.isEmpty() ? "none" : String.join(SEPARATOR, tables)));
        if (status.hasNonNull("countsNote")) {
            lines.add("            (" + status.get("countsNote").asText() + ")");
        }
        lines.add("  cache     " + cache(status));
        lines.add("  streams   " + streams(status.path("streams")));
        return lines;
    }

    private static String count(JsonNode status, String field) {
        return grouped(status.path(field));
    }

    private static String grouped(JsonNode number) {
        return number.isNumber() ? String.format(Locale.ROOT, "%,d", number.asLong()) : "?";
    }

    private static String cache(JsonNode status) {
        JsonNode cache = status.path("cache");
        if (!status.path("cacheReachable").asBoolean() || !cache.isObject()) {
            return "unreachable";
        }
        String rate = cache.path("hitRate").isNumber()
                ? String.format(Locale.ROOT, "%.1f %% hit rate", cache.get("hitRate").asDouble() * 100)
                : "no reads yet";
        return String.format(Locale.ROOT, "%s (%s hits, %s misses), %s keys, %.1f MiB", rate,
                grouped(cache.path("hits")), grouped(cache.path("misses")), grouped(cache.path("keys")),
                cache.path("usedMemoryBytes").asLong() / (1024.0 * 1024.0));
    }

    private static String streams(JsonNode streams) {
        if (!streams.isObject() || streams.isEmpty()) {
            return "lag unknown (the metrics did not answer)";
        }
        var lags = new ArrayList<String>();
        for (Map.Entry<String, JsonNode> consumer : streams.properties()) {
            JsonNode lag = consumer.getValue().path("lagMs");
            lags.add(consumer.getKey() + " " + (lag.isNumber()
                    ? String.format(Locale.ROOT, "%.1f s behind", lag.asLong() / 1000.0)
                    : "no batch lately"));
        }
        return String.join(SEPARATOR, lags);
    }
}
