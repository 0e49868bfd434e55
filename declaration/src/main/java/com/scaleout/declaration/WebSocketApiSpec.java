package com.scaleout.declaration;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An API Gateway WebSocket API: its routes (chosen by {@link #ROUTE_SELECTION}, the {@code action} field of a
 * client's JSON message, with {@code $connect}, {@code $disconnect} and {@code $default} besides), the stage's
 * throttle, and the functions that post to its connections through the management API
 * ({@code execute-api:ManageConnections}, granted to them alone; they read {@link Settings#LIVE_ENDPOINT}).
 */
public record WebSocketApiSpec(String name, List<Route> routes, double ratePerSecond, int burst,
                               List<String> pushers) {
    /** The route selection expression: a message's {@code action} field names its route. */
    public static final String ROUTE_SELECTION = "$request.body.action";
    public static final String CONNECT = "$connect";
    public static final String DISCONNECT = "$disconnect";
    public static final String DEFAULT = "$default";
    /** API Gateway's: a connection lasts at most two hours, and is closed after ten idle minutes. */
    public static final int MAX_CONNECTION_SECONDS = 2 * 60 * 60;
    public static final int IDLE_TIMEOUT_SECONDS = 10 * 60;
    /** API Gateway's: a message of at most 128 KB, in frames of at most 32 KB. */
    public static final int MAX_MESSAGE_BYTES = 128 * 1024;
    public static final int MAX_FRAME_BYTES = 32 * 1024;

    private static final Pattern ROUTE_KEY = Pattern.compile("\\$connect|\\$disconnect|\\$default|[A-Za-z][A-Za-z0-9_-]{0,63}");

    /**
     * A route: its key ({@code $connect}, an action name...) and the function that serves it. With
     * {@code returnsResponse}, the function's answer body is sent back to the caller's connection (API Gateway's
     * route response, a two-way route); {@code $connect}'s answer status accepts or refuses the handshake.
     */
    public record Route(String routeKey, String function, boolean returnsResponse) {
        public Route {
            if (routeKey == null || !ROUTE_KEY.matcher(routeKey).matches()) {
                throw new IllegalArgumentException("not a WebSocket route key: " + routeKey);
            }
            Objects.requireNonNull(function, "function");
            if (returnsResponse && (routeKey.equals(CONNECT) || routeKey.equals(DISCONNECT))) {
                throw new IllegalArgumentException(routeKey + " cannot send a response to the connection");
            }
        }

        public static Route oneWay(String routeKey, String function) {
            return new Route(routeKey, function, false);
        }

        public static Route twoWay(String routeKey, String function) {
            return new Route(routeKey, function, true);
        }
    }

    public WebSocketApiSpec {
        Names.requireLogicalName(name, "WebSocket API");
        routes = List.copyOf(routes);
        pushers = List.copyOf(pushers);
        if (!(ratePerSecond > 0) || burst < 1) {
            throw new IllegalArgumentException(name + ": a WebSocket stage needs a positive rate and burst");
        }
        if (routes.stream().map(Route::routeKey).distinct().count() != routes.size()) {
            throw new IllegalArgumentException(name + ": a route key is declared twice");
        }
        if (routes.stream().noneMatch(r -> r.routeKey().equals(CONNECT))) {
            throw new IllegalArgumentException(name + ": a WebSocket API needs a $connect route");
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public Optional<Route> route(String routeKey) {
        return routes.stream().filter(r -> r.routeKey().equals(routeKey)).findFirst();
    }

    /** The functions that serve a route, each once. */
    public List<String> routeFunctions() {
        return routes.stream().map(Route::function).distinct().toList();
    }

    /** Routes, throttle and pushers, then {@link #build()}. */
    public static final class Builder {
        private final String name;
        private final List<Route> routes = new java.util.ArrayList<>();
        private final List<String> pushers = new java.util.ArrayList<>();
        private double ratePerSecond;
        private int burst;

        private Builder(String name) {
            this.name = name;
        }

        public Builder route(Route route) {
            routes.add(route);
            return this;
        }

        public Builder throttle(double ratePerSecond, int burst) {
            this.ratePerSecond = ratePerSecond;
            this.burst = burst;
            return this;
        }

        /** Functions that post to the connections (and delete gone ones) through the management API. */
        public Builder pushedBy(String... functions) {
            pushers.addAll(List.of(functions));
            return this;
        }

        public WebSocketApiSpec build() {
            return new WebSocketApiSpec(name, routes, ratePerSecond, burst, pushers);
        }
    }
}
