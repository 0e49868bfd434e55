package com.scaleout.bench.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Every route's demand as the cost bench measured it, with when and how: written by {@code ./scaleout bench cost}
 * beside its table ({@link #COMMITTED}), read by {@code ./scaleout capacity}.
 */
public record CostProfile(String measured, String command, List<RouteDemand> routes) {
    /** The profile in the repository, which the docs' capacity figures are computed from. */
    public static final Path COMMITTED = Path.of("docs", "capacity", "route-costs.json");
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public CostProfile {
        routes = List.copyOf(routes);
    }

    public Optional<RouteDemand> route(String routeKey) {
        return routes.stream().filter(route -> route.route().equals(routeKey)).findFirst();
    }

    public static CostProfile read(Path file) {
        try {
            return JSON.readValue(file.toFile(), CostProfile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the cost profile " + file + " (./scaleout bench cost writes it)",
                    e);
        }
    }

    public void write(Path file) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        if (directory != null) { // a file at the root has none to make
            Files.createDirectories(directory);
        }
        Files.writeString(file, JSON.writeValueAsString(this) + "\n");
    }
}
