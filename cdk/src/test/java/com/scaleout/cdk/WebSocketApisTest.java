package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.TableSpec;
import com.scaleout.declaration.WebSocketApiSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.CfnElement;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.s3.assets.Asset;

/** The production declaration's WebSocket APIs (the live updates): routes, stage, pushers' grants and settings. */
class WebSocketApisTest {
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();
    private static final WebSocketApiSpec LIVE = DECLARATION.webSocketApi(ScaleoutDeclaration.LIVE_API);
    private static final String MANAGE_CONNECTIONS = "execute-api:ManageConnections";

    @TempDir
    static Path tmp;

    private static ScaleoutStackConfig config;
    private static TestStacks.Synthesized synth;
    private static WebSocketApis.Deployed live;

    @BeforeAll
    static void synthesize() {
        config = TestStacks.config("dev", tmp).withWebDist(TestStacks.webDist(tmp));
        synth = TestStacks.synth(DECLARATION, config);
        live = synth.stack().webSocketApis().api(LIVE.name());
    }

    @Test
    void oneWebSocketApiRoutedByTheMessagesActionWithEveryDeclaredRouteOnItsFunctionsAlias() {
        synth.template().resourceCountIs("AWS::ApiGatewayV2::Api", 1 + DECLARATION.webSocketApis().size());
        synth.template().hasResourceProperties("AWS::ApiGatewayV2::Api", Map.of(
                "ProtocolType", "WEBSOCKET", "RouteSelectionExpression", "$request.body.action"));
        Object apiId = synth.resolve(live.api().getApiId());
        var routes = synth.template().findResources("AWS::ApiGatewayV2::Route",
                Map.of("Properties", Map.of("ApiId", apiId)));
        assertThat(routes.values()).extracting(route -> properties(route).get("RouteKey"))
                .containsExactlyInAnyOrderElementsOf(LIVE.routes().stream().map(WebSocketApiSpec.Route::routeKey)
                        .toList());

        for (WebSocketApiSpec.Route route : LIVE.routes()) {
            Object alias = synth.resolve(synth.stack().functions().alias(route.function()).getFunctionArn());
            var properties = properties(synth.template().findResources("AWS::ApiGatewayV2::Integration")
                    .get(integrationOf(route.routeKey())));
            assertThat(properties).as(route.routeKey()).containsEntry("ApiId", apiId)
                    .containsEntry("IntegrationType", "AWS_PROXY");
            assertThat(properties.get("IntegrationUri").toString()).as(route.routeKey()).contains(alias.toString())
                    .endsWith("/invocations]]}");
            // API Gateway may invoke the function's alias for this route (one permission per route)
            synth.template().hasResourceProperties("AWS::Lambda::Permission", Map.of(
                    "Action", "lambda:InvokeFunction", "FunctionName", alias,
                    "Principal", "apigateway.amazonaws.com",
                    "SourceArn", Map.of("Fn::Join", List.of("", List.of("arn:", Map.of("Ref", "AWS::Partition"),
                            ":execute-api:", Map.of("Ref", "AWS::Region"), ":", Map.of("Ref", "AWS::AccountId"),
                            ":", apiId, "/*" + route.routeKey())))));
        }
    }

    @Test
    void twoWayRoutesSendTheFunctionsAnswerBackAndOneWayRoutesDoNot() {
        var responses = synth.template().findResources("AWS::ApiGatewayV2::RouteResponse");
        for (WebSocketApiSpec.Route route : LIVE.routes()) {
            Object routeId = Map.of("Ref", logicalId(live.route(route.routeKey())));
            var ofRoute = responses.values().stream().filter(r -> routeId.equals(properties(r).get("RouteId")))
                    .toList();
            var properties = properties(synth.template().findResources("AWS::ApiGatewayV2::Route")
                    .get(logicalId(live.route(route.routeKey()))));
            if (route.returnsResponse()) {
                assertThat(ofRoute).as(route.routeKey()).singleElement()
                        .satisfies(r -> assertThat(properties(r)).containsEntry("RouteResponseKey", "$default"));
                assertThat(properties).as(route.routeKey()).containsEntry("RouteResponseSelectionExpression",
                        "$default");
            } else {
                assertThat(ofRoute).as(route.routeKey()).isEmpty();
                assertThat(properties).as(route.routeKey()).doesNotContainKey("RouteResponseSelectionExpression");
            }
        }
        assertThat(LIVE.routes()).anyMatch(WebSocketApiSpec.Route::returnsResponse)
                .anyMatch(route -> !route.returnsResponse());
    }

    @Test
    void theStageIsNamedAfterTheStackStageDeploysItselfAndThrottlesAsDeclared() {
        synth.template().hasResourceProperties("AWS::ApiGatewayV2::Stage", Map.of(
                "ApiId", synth.resolve(live.api().getApiId()),
                "StageName", config.stage(),
                "AutoDeploy", true,
                "DefaultRouteSettings", Map.of("ThrottlingRateLimit", LIVE.ratePerSecond(),
                        "ThrottlingBurstLimit", LIVE.burst())));
    }

    /** Issue 45: a flood of live messages took the account's executions from every HTTP function. */
    @Test
    void onlyTheLiveFunctionReservesConcurrencySoThatAFloodOfMessagesCannotStarveTheOthers() {
        var reserving = Map.<String, Object>of("Properties",
                Map.of("ReservedConcurrentExecutions", Match.anyValue()));
        assertThat(synth.template().findResources("AWS::Lambda::Function", reserving))
                .containsOnlyKeys(synth.logicalId(synth.stack().functions().function(ScaleoutDeclaration.LIVE)));
        synth.template().hasResourceProperties("AWS::Lambda::Function", Map.of(
                "Handler", Match.stringLikeRegexp(".*LiveHandler"),
                "ReservedConcurrentExecutions", ScaleoutDeclaration.LIVE_RESERVED_CONCURRENCY));
    }

    @Test
    void onlyThePushersMayManageConnectionsAndOnlyOnTheirStagesConnections() {
        Object resource = Map.of("Fn::Join", List.of("", List.of("arn:", Map.of("Ref", "AWS::Partition"),
                ":execute-api:", Map.of("Ref", "AWS::Region"), ":", Map.of("Ref", "AWS::AccountId"), ":",
                synth.resolve(live.api().getApiId()), "/" + config.stage() + "/*/@connections/*")));
        for (var function : synth.stack().functions().all().entrySet()) {
            if (LIVE.pushers().contains(function.getKey())) {
                assertThat(synth.actionsOn(function.getValue(), resource)).as(function.getKey())
                        .containsExactly(MANAGE_CONNECTIONS);
            }
        }
        // no other role of the stack (the Live function's, CDK's own handlers') may, on any resource
        var rolesAllowed = new ArrayList<Object>();
        for (Map<String, Object> policy : synth.template().findResources("AWS::IAM::Policy").values()) {
            var statements = (List<?>) ((Map<?, ?>) properties(policy).get("PolicyDocument")).get("Statement");
            if (statements.toString().contains(MANAGE_CONNECTIONS)) {
                rolesAllowed.addAll((List<?>) properties(policy).get("Roles"));
            }
        }
        assertThat(synth.template().findResources("AWS::IAM::ManagedPolicy").toString())
                .doesNotContain(MANAGE_CONNECTIONS);
        assertThat(rolesAllowed).containsExactlyInAnyOrderElementsOf(LIVE.pushers().stream()
                .map(pusher -> synth.resolve(synth.stack().functions().function(pusher).getRole().getRoleName()))
                .toList());
        assertThat(LIVE.pushers()).doesNotContain(ScaleoutDeclaration.LIVE);
    }

    @Test
    void onlyThePushersReadTheManagementEndpointTheStagesCallbackUrl() {
        Object callbackUrl = Map.of("Fn::Join", List.of("", List.of("https://", synth.resolve(live.api().getApiId()),
                ".execute-api.", Map.of("Ref", "AWS::Region"), ".", Map.of("Ref", "AWS::URLSuffix"),
                "/" + config.stage())));
        var withEndpoint = new ArrayList<String>();
        synth.stack().functions().all().forEach((name, function) -> {
            var variables = (Map<?, ?>) ((Map<?, ?>) properties(synth.template()
                    .findResources("AWS::Lambda::Function").get(synth.logicalId(function))).get("Environment"))
                    .get("Variables");
            if (variables.containsKey(Settings.LIVE_ENDPOINT.name())) {
                withEndpoint.add(name);
                assertThat(variables.get(Settings.LIVE_ENDPOINT.name())).as(name).isEqualTo(callbackUrl);
            }
        });
        assertThat(withEndpoint).containsExactlyInAnyOrderElementsOf(LIVE.pushers());
    }

    @Test
    void pushersInTheCachesNetworkGoOutThroughTheOneNatGatewayTheOthersStayIsolated() {
        var network = synth.stack().network().orElseThrow();
        Object egress = synth.resolve(network.vpc().selectSubnets(network.egressSubnets()).getSubnetIds());
        Object isolated = synth.resolve(network.vpc().selectSubnets(network.isolatedSubnets()).getSubnetIds());
        synth.template().resourceCountIs("AWS::EC2::NatGateway", 1);
        synth.template().allResourcesProperties("AWS::EC2::Subnet", Map.of("MapPublicIpOnLaunch", false));

        for (var spec : synth.stack().declaration().functions()) {
            if (!spec.usesRedis()) {
                continue;
            }
            var vpcConfig = (Map<?, ?>) properties(synth.template().findResources("AWS::Lambda::Function")
                    .get(synth.logicalId(synth.stack().functions().function(spec.name())))).get("VpcConfig");
            assertThat(vpcConfig.get("SubnetIds")).as(spec.name())
                    .isEqualTo(DECLARATION.pushesToConnections(spec.name()) ? egress : isolated);
        }
        // the cache keeps the isolated subnets
        synth.template().hasResourceProperties("AWS::ElastiCache::ServerlessCache", Map.of("SubnetIds", isolated));
    }

    @Test
    void theConnectionsTableExpiresItemsAndFindsThemByStream() {
        TableSpec connections = DECLARATION.table(ScaleoutDeclaration.CONNECTIONS);
        synth.template().hasResourceProperties("AWS::DynamoDB::Table", Match.objectLike(Map.of(
                "KeySchema", List.of(Map.of("AttributeName", "connectionId", "KeyType", "HASH"),
                        Map.of("AttributeName", "stream", "KeyType", "RANGE")),
                "TimeToLiveSpecification", Map.of("AttributeName", "expiresAt", "Enabled", true),
                "GlobalSecondaryIndexes", List.of(Map.of(
                        "IndexName", "ByStream",
                        "KeySchema", List.of(Map.of("AttributeName", "listensTo", "KeyType", "HASH"),
                                Map.of("AttributeName", "connectionId", "KeyType", "RANGE")),
                        "Projection", Map.of("ProjectionType", "ALL"))))));
        assertThat(connections.ttlAttribute()).contains("expiresAt");
    }

    @Test
    void theLiveUrlIsAnOutputAndTheWebClientsConfigNamesItAndItsPolicyAllowsIt() throws IOException {
        Object url = synth.resolve(live.stage().getUrl());
        synth.template().hasOutput("LiveUrl", Map.of("Value", url));
        assertThat(url.toString()).contains("wss://");

        // config.json: {"apiUrl": <marker 0>, "liveUrl": <marker 1>}, the markers replaced at deploy time
        assertThat(WebSite.configKey(LIVE.name())).isEqualTo("liveUrl");
        Path outdir = Path.of(((App) synth.part(ScaleoutStacks.WEB).getNode().getRoot()).getOutdir());
        Path generated = synth.part(ScaleoutStacks.WEB).getNode().findAll().stream()
                .filter(Asset.class::isInstance).map(Asset.class::cast)
                .filter(asset -> asset.getNode().getPath().contains("/Web/Deployment/"))
                .map(asset -> outdir.resolve(asset.getAssetPath()))
                .filter(path -> Files.exists(path.resolve(WebSite.CONFIG_FILE))).findFirst().orElseThrow();
        assertThat(Files.readString(generated.resolve(WebSite.CONFIG_FILE)))
                .isEqualTo("{\"apiUrl\":<<marker:0xbaba:0>>,\"liveUrl\":<<marker:0xbaba:1>>}");
        // the stage's URL as a JSON string (CDK flattens the quotes into the URL's own Fn::Join)
        var markers = (List<?>) properties(synth.template().findResources("Custom::CDKBucketDeployment").values()
                .iterator().next()).get("SourceMarkers");
        assertThat(markers).anySatisfy(marker -> assertThat(((Map<?, ?>) marker).get("<<marker:0xbaba:1>>"))
                .isEqualTo(Map.of("Fn::Join", List.of("", List.of("\"wss://", synth.resolve(live.api().getApiId()),
                        ".execute-api.", Map.of("Ref", "AWS::Region"), ".", Map.of("Ref", "AWS::URLSuffix"),
                        "/" + config.stage() + "\"")))));
        synth.template().hasResourceProperties("AWS::CloudFront::ResponseHeadersPolicy", Match.objectLike(Map.of(
                "ResponseHeadersPolicyConfig", Match.objectLike(Map.of("SecurityHeadersConfig", Match.objectLike(
                        Map.of("ContentSecurityPolicy", Map.of("Override", true, "ContentSecurityPolicy",
                                synth.resolve(WebSite.contentSecurityPolicy(
                                        synth.stack().api().httpApi().getApiEndpoint(),
                                        live.api().getApiEndpoint()))))))))));
    }

    private static String integrationOf(String routeKey) {
        var target = properties(synth.template().findResources("AWS::ApiGatewayV2::Route")
                .get(logicalId(live.route(routeKey)))).get("Target");
        var parts = (List<?>) ((List<?>) ((Map<?, ?>) target).get("Fn::Join")).get(1);
        return (String) ((Map<?, ?>) parts.get(1)).get("Ref");
    }

    private static String logicalId(software.constructs.IConstruct construct) {
        return synth.logicalId(construct);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Object resource) {
        return (Map<String, Object>) ((Map<String, Object>) resource).get("Properties");
    }
}
