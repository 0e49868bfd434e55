package com.scaleout.local.http;

import com.scaleout.declaration.RouteSpec;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * API Gateway HTTP API route selection: the method must match, and among the routes whose path matches, the most
 * specific wins — segment by segment, a literal beats a {@code {variable}}, which beats a greedy
 * {@code {proxy+}}.
 */
public final class RouteTable {
    private final List<CompiledRoute> routes;

    public RouteTable(Collection<RouteSpec> routes) {
        this.routes = routes.stream().map(CompiledRoute::new).toList();
    }

    public Optional<Match> match(String method, String rawPath) {
        List<String> segments = segments(rawPath);
        Match best = null;
        int[] bestRank = null;
        for (CompiledRoute route : routes) {
            if (!route.spec.method().name().equals(method)) {
                continue;
            }
            Map<String, String> parameters = route.match(segments);
            if (parameters == null) {
                continue;
            }
            if (best == null || java.util.Arrays.compare(route.rank, bestRank) > 0) {
                best = new Match(route.spec, parameters);
                bestRank = route.rank;
            }
        }
        return Optional.ofNullable(best);
    }

    /** True when some route has this path under another method (API Gateway still answers 404 then). */
    public boolean hasPath(String rawPath) {
        List<String> segments = segments(rawPath);
        return routes.stream().anyMatch(r -> r.match(segments) != null);
    }

    private static List<String> segments(String path) {
        if (path.isEmpty() || path.equals("/")) {
            return List.of();
        }
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        return List.of(trimmed.split("/", -1));
    }

    public record Match(RouteSpec route, Map<String, String> pathParameters) {
    }

    private static final class CompiledRoute {
        private static final int LITERAL = 3;
        private static final int VARIABLE = 2;
        private static final int GREEDY = 1;

        final RouteSpec spec;
        final List<String> pattern;
        final int[] rank;

        CompiledRoute(RouteSpec spec) {
            this.spec = spec;
            this.pattern = segments(spec.path());
            this.rank = pattern.stream().mapToInt(CompiledRoute::rankOf).toArray();
        }

        private static int rankOf(String segment) {
            if (segment.endsWith("+}")) {
                return GREEDY;
            }
            return segment.startsWith("{") ? VARIABLE : LITERAL;
        }

        /** Path parameters (decoded) when {@code path} matches, else null. */
        Map<String, String> match(List<String> path) {
            var parameters = new LinkedHashMap<String, String>();
            for (int i = 0; i < pattern.size(); i++) {
                String expected = pattern.get(i);
                if (expected.endsWith("+}")) {
                    if (i >= path.size()) {
                        return null;
                    }
                    var rest = new ArrayList<String>();
                    for (String segment : path.subList(i, path.size())) {
                        rest.add(decode(segment));
                    }
                    parameters.put(name(expected), String.join("/", rest));
                    return parameters;
                }
                if (i >= path.size()) {
                    return null;
                }
                String actual = path.get(i);
                if (expected.startsWith("{")) {
                    if (actual.isEmpty()) {
                        return null;
                    }
                    parameters.put(name(expected), decode(actual));
                } else if (!expected.equals(actual)) {
                    return null;
                }
            }
            return path.size() == pattern.size() ? parameters : null;
        }

        private static String name(String variable) {
            return variable.substring(1, variable.length() - 1).replace("+", "");
        }

        private static String decode(String segment) {
            // Path segments are percent-decoded but '+' stays '+' (it is not a space in a path).
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        }
    }
}
