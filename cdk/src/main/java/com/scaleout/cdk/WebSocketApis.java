package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.WebSocketApiSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.aws_apigatewayv2_integrations.WebSocketLambdaIntegration;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.services.apigatewayv2.WebSocketApi;
import software.amazon.awscdk.services.apigatewayv2.WebSocketRoute;
import software.amazon.awscdk.services.apigatewayv2.WebSocketRouteOptions;
import software.amazon.awscdk.services.apigatewayv2.WebSocketStage;
import software.constructs.Construct;

/**
 * One API Gateway WebSocket API per {@link WebSocketApiSpec}: routes chosen by the message's {@code action}, each
 * declared route integrated with its function's alias (two-way routes send the function's answer back), one
 * auto-deployed stage named after the stack's stage, throttled as declared. The pushers alone get the stage's
 * management endpoint ({@link Settings#LIVE_ENDPOINT}) and {@code execute-api:ManageConnections} on its
 * connections.
 */
public final class WebSocketApis extends Construct {
    /** An API, its one stage and its routes by route key. */
    public record Deployed(WebSocketApi api, WebSocketStage stage, Map<String, WebSocketRoute> routes) {
        /** The route for a declared route key such as {@code $connect}. */
        public WebSocketRoute route(String routeKey) {
            WebSocketRoute route = routes.get(routeKey);
            if (route == null) {
                throw new IllegalArgumentException("no WebSocket route " + routeKey);
            }
            return route;
        }
    }

    private final Map<String, Deployed> byName = new LinkedHashMap<>();

    public WebSocketApis(Construct scope, String id, Declaration declaration, Functions functions,
                         ScaleoutStackConfig config) {
        super(scope, id);
        for (WebSocketApiSpec spec : declaration.webSocketApis()) {
            byName.put(spec.name(), deploy(spec, declaration, functions, config));
        }
    }

    private Deployed deploy(WebSocketApiSpec spec, Declaration declaration, Functions functions,
                            ScaleoutStackConfig config) {
        WebSocketApi api = WebSocketApi.Builder.create(this, spec.name())
                .apiName(Stack.of(this).getStackName() + "-" + spec.name())
                .description("Scaleout WebSocket API " + spec.name())
                .routeSelectionExpression(WebSocketApiSpec.ROUTE_SELECTION)
                .build();
        var routes = new LinkedHashMap<String, WebSocketRoute>();
        for (WebSocketApiSpec.Route route : spec.routes()) {
            // an integration per route: CDK's Lambda integration permits API Gateway to invoke the function for
            // the route it is first bound to only, so a shared one would leave the other routes unauthorized
            var integration = new WebSocketLambdaIntegration("Integration", functions.alias(route.function()));
            routes.put(route.routeKey(), api.addRoute(route.routeKey(), WebSocketRouteOptions.builder()
                    .integration(integration)
                    .returnResponse(route.returnsResponse())
                    .build()));
        }
        WebSocketStage stage = WebSocketStage.Builder.create(this, spec.name() + "Stage")
                .webSocketApi(api)
                .stageName(config.stage())
                .autoDeploy(true)
                .throttle(ThrottleSettings.builder().rateLimit(spec.ratePerSecond()).burstLimit(spec.burst()).build())
                .build();
        for (String pusher : spec.pushers()) {
            var function = functions.function(pusher);
            if (declaration.settingsOf(pusher).contains(Settings.LIVE_ENDPOINT)) {
                function.addEnvironment(Settings.LIVE_ENDPOINT.name(), stage.getCallbackUrl());
            }
            // POST, GET and DELETE on this stage's @connections only
            stage.grantManagementApiAccess(function);
        }
        return new Deployed(api, stage, Collections.unmodifiableMap(routes));
    }

    /** The API declared under {@code name}. */
    public Deployed api(String name) {
        Deployed deployed = byName.get(name);
        if (deployed == null) {
            throw new IllegalArgumentException("no WebSocket API " + name);
        }
        return deployed;
    }

    public Map<String, Deployed> all() {
        return Collections.unmodifiableMap(byName);
    }
}
