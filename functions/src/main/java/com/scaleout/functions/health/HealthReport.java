package com.scaleout.functions.health;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code {"status":"ok","dynamodb":"ok","redis":"ok"}}; when a part is down, status is {@code unavailable},
 * that part is {@code down} and {@code failing} names it.
 */
@JsonPropertyOrder({"status", "failing"})
public record HealthReport(@JsonIgnore Map<String, String> dependencies) {
    public static final String OK = "ok";
    public static final String DOWN = "down";

    public HealthReport {
        dependencies = Map.copyOf(dependencies);
    }

    @JsonIgnore
    public boolean healthy() {
        return failing().isEmpty();
    }

    public String getStatus() {
        return healthy() ? OK : "unavailable";
    }

    public List<String> getFailing() {
        return failing();
    }

    private List<String> failing() {
        return dependencies.entrySet().stream().filter(e -> !OK.equals(e.getValue())).map(Map.Entry::getKey)
                .sorted().toList();
    }

    @JsonAnyGetter
    public Map<String, String> dependencyStates() {
        return new java.util.TreeMap<>(dependencies);
    }
}
