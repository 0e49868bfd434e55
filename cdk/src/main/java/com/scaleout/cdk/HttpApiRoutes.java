package com.scaleout.cdk;

import com.scaleout.declaration.AuthorizerSpec;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.RouteThrottleSpec;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaResponseType;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegrationProps;
import software.amazon.awscdk.services.apigateway.AccessLogFormat;
import software.amazon.awscdk.services.apigatewayv2.AddRoutesOptions;
import software.amazon.awscdk.services.apigatewayv2.CfnStage;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.apigatewayv2.HttpRoute;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogDestination;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogSettings;
import software.amazon.awscdk.services.apigatewayv2.LogGroupLogDestination;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.constructs.Construct;

/**
 * The HTTP API (payload 2.0): one route per {@link RouteSpec}, so API Gateway does the routing and handlers only
 * see {@code routeKey}. Integrations and authorizers are built once per function / authorizer and shared by
 * every route that uses them. The one stage, {@code $default}, throttles and writes JSON access logs; CORS
 * preflights are answered by API Gateway.
 *
 * <p>One invoke permission per function, for this API ({@code <api>/*}{@code /*}{@code /*}), instead of CDK's
 * default of one per route: a route adds one resource instead of two, which kept the stack under CloudFormation's
 * 500 (53 routes made 54 permissions). Least privilege is the same: API Gateway can only call a function from a
 * route whose integration names it, and each integration is this API's own, so a permission scoped to a route
 * forbids nothing the API could do; whoever may change the API's routes may change its integrations too.
 */
public final class HttpApiRoutes extends Construct {
    /**
     * Requests per second (steady, and burst) the stage admits before answering 429: a cap below the account's
     * shared 10,000/s, so that a runaway client cannot starve the account's other APIs or run up the bill.
     */
    static final double RATE_LIMIT = 2_000;
    static final int BURST_LIMIT = 4_000;
    /** One JSON line per request, API Gateway's own variables, no headers or bodies (tokens stay out of logs). */
    static final String ACCESS_LOG_FORMAT = "{\"requestId\":\"$context.requestId\",\"ip\":\"$context.identity.sourceIp\","
            + "\"time\":\"$context.requestTime\",\"routeKey\":\"$context.routeKey\",\"status\":\"$context.status\","
            + "\"responseLength\":\"$context.responseLength\",\"latency\":\"$context.responseLatency\","
            + "\"integrationLatency\":\"$context.integrationLatency\",\"error\":\"$context.error.message\","
            + "\"integrationError\":\"$context.integrationErrorMessage\"}";
    private static final RetentionDays ACCESS_LOG_RETENTION = RetentionDays.ONE_MONTH;

    private final HttpApi httpApi;
    private final Map<String, HttpRoute> routesByKey = new HashMap<>();

    public HttpApiRoutes(Construct scope, String id, Declaration declaration, Functions functions,
                         ScaleoutStackConfig config) {
        super(scope, id);
        httpApi = HttpApi.Builder.create(this, "HttpApi")
                .apiName(Stack.of(this).getStackName())
                .description("Scaleout HTTP API")
                // bearer tokens, no cookies: any origin may call, and browsers need no credentials mode. Not
                // narrowed to the web site's origin: its security headers name this API, and the cycle that
                // would make is refused by CloudFormation (WebSite says why connect-src is the one to keep)
                .corsPreflight(CorsPreflightOptions.builder()
                        .allowOrigins(List.of("*"))
                        .allowMethods(List.of(CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT,
                                CorsHttpMethod.DELETE, CorsHttpMethod.OPTIONS))
                        .allowHeaders(List.of("authorization", "content-type", "idempotency-key"))
                        .maxAge(Duration.hours(1))
                        .build())
                .createDefaultStage(false)
                .build();
        LogGroup accessLogs = LogGroup.Builder.create(this, "AccessLogs")
                .retention(ACCESS_LOG_RETENTION)
                .removalPolicy(config.removalPolicy())
                .build();
        HttpStage stage = HttpStage.Builder.create(this, "DefaultStage")
                .httpApi(httpApi)
                .stageName("$default")
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder().rateLimit(RATE_LIMIT).burstLimit(BURST_LIMIT).build())
                .accessLogSettings(new IAccessLogSettings() {
                    @Override
                    public IAccessLogDestination getDestination() {
                        return new LogGroupLogDestination(accessLogs);
                    }

                    @Override
                    public AccessLogFormat getFormat() {
                        return AccessLogFormat.custom(ACCESS_LOG_FORMAT);
                    }
                })
                .build();

        Map<String, HttpLambdaIntegration> integrations = new HashMap<>();
        Map<String, HttpLambdaAuthorizer> authorizers = declaration.authorizers().stream()
                .collect(Collectors.toMap(AuthorizerSpec::name, a -> authorizer(a, functions)));

        for (RouteSpec route : declaration.routes()) {
            HttpLambdaIntegration integration = integrations.computeIfAbsent(route.function(),
                    name -> new HttpLambdaIntegration(name + "Integration", functions.alias(name),
                            HttpLambdaIntegrationProps.builder().scopePermissionToRoute(false).build()));
            var options = AddRoutesOptions.builder()
                    .path(route.path())
                    .methods(List.of(HttpMethod.valueOf(route.method().name())))
                    .integration(integration);
            route.authorizer().ifPresent(name -> options.authorizer(authorizers.get(name)));
            List<HttpRoute> added = httpApi.addRoutes(options.build());
            routesByKey.put(route.routeKey(), added.getFirst());
        }
        throttleRoutes(stage, declaration.routeThrottles());
    }

    /**
     * The declared routes' own throttles, as the stage's route settings (the L2 stage has no property for them).
     * CloudFormation refuses settings for a route that does not exist yet, so the stage waits for those routes.
     */
    private void throttleRoutes(HttpStage stage, List<RouteThrottleSpec> throttles) {
        // RouteSettings is a JSON property in CloudFormation: CDK passes it on as given, so the keys are spelled
        // as CloudFormation's (a RouteSettingsProperty would be written in camel case, and ignored)
        Map<String, Map<String, Object>> settings = new TreeMap<>();
        for (RouteThrottleSpec throttle : throttles) {
            settings.put(throttle.routeKey(), Map.of(
                    "ThrottlingRateLimit", throttle.ratePerSecond(),
                    "ThrottlingBurstLimit", throttle.burst()));
            stage.getNode().addDependency(route(throttle.routeKey()));
        }
        if (!settings.isEmpty()) {
            ((CfnStage) stage.getNode().getDefaultChild()).setRouteSettings(settings);
        }
    }

    public HttpApi httpApi() {
        return httpApi;
    }

    /** The route for a declared route key such as {@code GET /tweets/{id}}. */
    public HttpRoute route(String routeKey) {
        HttpRoute route = routesByKey.get(routeKey);
        if (route == null) {
            throw new IllegalArgumentException("no route " + routeKey);
        }
        return route;
    }

    /**
     * A REQUEST authorizer with simple responses ({@code {"isAuthorized": true, "context": {...}}}); API Gateway
     * caches its answer per identity value for the declared TTL.
     */
    private static HttpLambdaAuthorizer authorizer(AuthorizerSpec spec, Functions functions) {
        return new HttpLambdaAuthorizer(spec.name(), functions.alias(spec.function()),
                HttpLambdaAuthorizerProps.builder()
                        .authorizerName(spec.name())
                        .responseTypes(List.of(HttpLambdaResponseType.SIMPLE))
                        .identitySource(List.of(identitySource(spec.identityHeader())))
                        .resultsCacheTtl(Duration.seconds(spec.resultTtlSeconds()))
                        .build());
    }

    /**
     * {@code authorization} becomes {@code $request.header.Authorization}. Header matching is case-insensitive in
     * API Gateway; the canonical spelling only makes the template read like the documentation.
     */
    static String identitySource(String header) {
        String canonical = Arrays.stream(header.trim().split("-", -1))
                .map(part -> part.isEmpty() ? part
                        : part.substring(0, 1).toUpperCase(Locale.ROOT) + part.substring(1).toLowerCase(Locale.ROOT))
                .collect(Collectors.joining("-"));
        return "$request.header." + canonical;
    }
}
