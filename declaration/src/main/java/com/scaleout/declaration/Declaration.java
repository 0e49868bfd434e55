package com.scaleout.declaration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the system is made of, declared once: the CDK app synthesizes it, the local runtime serves it,
 * the OpenAPI check compares against it. Built with {@link #builder()}; every reference is checked on build.
 */
public record Declaration(
        List<TableSpec> tables,
        List<BucketSpec> buckets,
        List<FunctionSpec> functions,
        List<AuthorizerSpec> authorizers,
        List<RouteSpec> routes,
        List<RouteThrottleSpec> routeThrottles,
        List<StreamConsumerSpec> streamConsumers,
        List<WebSocketApiSpec> webSocketApis) {

    public Declaration {
        tables = List.copyOf(tables);
        buckets = List.copyOf(buckets);
        functions = List.copyOf(functions);
        authorizers = List.copyOf(authorizers);
        routes = List.copyOf(routes);
        routeThrottles = List.copyOf(routeThrottles);
        streamConsumers = List.copyOf(streamConsumers);
        webSocketApis = List.copyOf(webSocketApis);
        validate(tables, buckets, functions, authorizers, routes, streamConsumers);
        validateThrottles(routes, routeThrottles);
        validateWebSocketApis(functions, webSocketApis);
    }

    public static Builder builder() {
        return new Builder();
    }

    public FunctionSpec function(String name) {
        return functions.stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no function " + name));
    }

    public TableSpec table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no table " + name));
    }

    public Optional<AuthorizerSpec> authorizer(String name) {
        return authorizers.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public WebSocketApiSpec webSocketApi(String name) {
        return webSocketApis.stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no WebSocket API " + name));
    }

    /** Whether the function posts to a WebSocket API's connections (see {@link WebSocketApiSpec#pushers()}). */
    public boolean pushesToConnections(String function) {
        return webSocketApis.stream().anyMatch(api -> api.pushers().contains(function));
    }

    /** Route key to route, in declaration order. */
    public Map<String, RouteSpec> routesByKey() {
        var byKey = new LinkedHashMap<String, RouteSpec>();
        routes.forEach(r -> byKey.put(r.routeKey(), r));
        return byKey;
    }

    /**
     * Every setting the function reads: those of every function, its tables' and buckets' names, the cache's when
     * it uses it, the admin key's when it serves admin routes, and the ones its spec names.
     */
    public List<Setting> settingsOf(String function) {
        FunctionSpec spec = function(function);
        var settings = new ArrayList<>(Settings.EVERY_FUNCTION);
        spec.tables().forEach(access -> settings.add(Settings.table(access.table())));
        spec.buckets().forEach(bucket -> settings.add(Settings.bucket(bucket)));
        if (spec.usesRedis()) {
            settings.addAll(Settings.CACHE);
        }
        if (servesAdminRoutes(function)) {
            settings.addAll(Settings.ADMIN_ROUTES);
        }
        if (pushesToConnections(function)) {
            settings.add(Settings.LIVE_ENDPOINT);
        }
        spec.settings().stream().filter(s -> !settings.contains(s)).forEach(settings::add);
        return List.copyOf(settings);
    }

    /** The functions that read the setting. */
    public List<String> readersOf(Setting setting) {
        return functions.stream().map(FunctionSpec::name).filter(f -> settingsOf(f).contains(setting)).toList();
    }

    /** Whether the function serves a route guarded by the admin key. */
    public boolean servesAdminRoutes(String function) {
        return routes.stream().anyMatch(route -> route.function().equals(function) && route.isAdminRoute());
    }

    /**
     * What a stage without admin routes deploys: this declaration less its admin routes, their throttles and the
     * functions that serve nothing else, so that no admin function (nor its grants) exists there at all.
     */
    public Declaration withoutAdminRoutes() {
        List<RouteSpec> kept = routes.stream().filter(route -> !route.isAdminRoute()).toList();
        var keptKeys = kept.stream().map(RouteSpec::routeKey).toList();
        return new Declaration(tables, buckets,
                functions.stream().filter(f -> !servesAdminRoutes(f.name()) || usedBesidesAdminRoutes(f.name(), kept))
                        .toList(),
                authorizers, kept,
                routeThrottles.stream().filter(throttle -> keptKeys.contains(throttle.routeKey())).toList(),
                streamConsumers, webSocketApis);
    }

    private boolean usedBesidesAdminRoutes(String function, List<RouteSpec> otherRoutes) {
        return otherRoutes.stream().anyMatch(route -> route.function().equals(function))
                || authorizers.stream().anyMatch(authorizer -> authorizer.function().equals(function))
                || streamConsumers.stream().anyMatch(consumer -> consumer.function().equals(function))
                || webSocketApis.stream().anyMatch(api -> api.pushers().contains(function)
                        || api.routes().stream().anyMatch(route -> route.function().equals(function)));
    }

    private static void validate(List<TableSpec> tables, List<BucketSpec> buckets, List<FunctionSpec> functions,
                                 List<AuthorizerSpec> authorizers, List<RouteSpec> routes,
                                 List<StreamConsumerSpec> consumers) {
        var problems = new ArrayList<String>();
        var tableNames = unique(tables.stream().map(TableSpec::name).toList(), "table", problems);
        var bucketNames = unique(buckets.stream().map(BucketSpec::name).toList(), "bucket", problems);
        var functionNames = unique(functions.stream().map(FunctionSpec::name).toList(), "function", problems);
        var authorizerNames = unique(authorizers.stream().map(AuthorizerSpec::name).toList(), "authorizer", problems);
        unique(routes.stream().map(RouteSpec::routeKey).toList(), "route", problems);

        for (FunctionSpec f : functions) {
            f.tables().stream().filter(a -> !tableNames.contains(a.table()))
                    .forEach(a -> problems.add("function " + f.name() + " uses unknown table " + a.table()));
            f.buckets().stream().filter(b -> !bucketNames.contains(b))
                    .forEach(b -> problems.add("function " + f.name() + " uses unknown bucket " + b));
            f.settings().stream().filter(setting -> !Settings.named().contains(setting)
                            && functionNames.stream().map(Settings::function).noneMatch(setting::equals)
                            && buckets.stream().filter(b -> b.dataLake().isPresent())
                                    .map(b -> Settings.catalog(b.name())).noneMatch(setting::equals))
                    .forEach(setting -> problems.add("function " + f.name() + " reads undeclared setting "
                            + setting.name() + " (declare it in Settings)"));
        }
        for (AuthorizerSpec a : authorizers) {
            if (!functionNames.contains(a.function())) {
                problems.add("authorizer " + a.name() + " uses unknown function " + a.function());
            }
        }
        for (RouteSpec r : routes) {
            if (!functionNames.contains(r.function())) {
                problems.add("route " + r.routeKey() + " uses unknown function " + r.function());
            }
            r.authorizer().filter(a -> !authorizerNames.contains(a))
                    .ifPresent(a -> problems.add("route " + r.routeKey() + " uses unknown authorizer " + a));
        }
        for (StreamConsumerSpec c : consumers) {
            if (!functionNames.contains(c.function())) {
                problems.add("stream consumer " + c.id() + " uses unknown function " + c.function());
            }
            var table = tables.stream().filter(t -> t.name().equals(c.table())).findFirst();
            if (table.isEmpty()) {
                problems.add("stream consumer " + c.id() + " reads unknown table " + c.table());
            } else if (table.get().stream().isEmpty()) {
                problems.add("stream consumer " + c.id() + " reads table " + c.table() + ", which has no stream");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid declaration: " + String.join("; ", problems));
        }
    }

    private static void validateThrottles(List<RouteSpec> routes, List<RouteThrottleSpec> throttles) {
        var problems = new ArrayList<String>();
        var routeKeys = routes.stream().map(RouteSpec::routeKey).toList();
        unique(throttles.stream().map(RouteThrottleSpec::routeKey).toList(), "route throttle", problems);
        throttles.stream().filter(t -> !routeKeys.contains(t.routeKey()))
                .forEach(t -> problems.add("throttle of unknown route " + t.routeKey()));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid declaration: " + String.join("; ", problems));
        }
    }

    private static void validateWebSocketApis(List<FunctionSpec> functions, List<WebSocketApiSpec> apis) {
        var problems = new ArrayList<String>();
        var functionNames = functions.stream().map(FunctionSpec::name).toList();
        unique(apis.stream().map(WebSocketApiSpec::name).toList(), "WebSocket API", problems);
        for (WebSocketApiSpec api : apis) {
            api.routes().stream().filter(r -> !functionNames.contains(r.function())).forEach(r -> problems.add(
                    "WebSocket route " + api.name() + " " + r.routeKey() + " uses unknown function " + r.function()));
            api.pushers().stream().filter(f -> !functionNames.contains(f)).forEach(f -> problems.add(
                    "WebSocket API " + api.name() + " is pushed to by unknown function " + f));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid declaration: " + String.join("; ", problems));
        }
    }

    private static HashSet<String> unique(List<String> names, String what, List<String> problems) {
        var seen = new HashSet<String>();
        names.stream().filter(n -> !seen.add(n)).forEach(n -> problems.add("duplicate " + what + " " + n));
        return seen;
    }

    public static final class Builder {
        private final List<TableSpec> tables = new ArrayList<>();
        private final List<BucketSpec> buckets = new ArrayList<>();
        private final List<FunctionSpec> functions = new ArrayList<>();
        private final List<AuthorizerSpec> authorizers = new ArrayList<>();
        private final List<RouteSpec> routes = new ArrayList<>();
        private final List<RouteThrottleSpec> routeThrottles = new ArrayList<>();
        private final List<StreamConsumerSpec> streamConsumers = new ArrayList<>();
        private final List<WebSocketApiSpec> webSocketApis = new ArrayList<>();

        private Builder() {
        }

        public Builder table(TableSpec table) {
            tables.add(table);
            return this;
        }

        public Builder bucket(BucketSpec bucket) {
            buckets.add(bucket);
            return this;
        }

        public Builder function(FunctionSpec function) {
            functions.add(function);
            return this;
        }

        public Builder authorizer(AuthorizerSpec authorizer) {
            authorizers.add(authorizer);
            return this;
        }

        public Builder route(RouteSpec route) {
            routes.add(route);
            return this;
        }

        public Builder routeThrottle(RouteThrottleSpec throttle) {
            routeThrottles.add(throttle);
            return this;
        }

        public Builder streamConsumer(StreamConsumerSpec consumer) {
            streamConsumers.add(consumer);
            return this;
        }

        public Builder webSocketApi(WebSocketApiSpec api) {
            webSocketApis.add(api);
            return this;
        }

        public Declaration build() {
            return new Declaration(tables, buckets, functions, authorizers, routes, routeThrottles, streamConsumers,
                    webSocketApis);
        }
    }
}
