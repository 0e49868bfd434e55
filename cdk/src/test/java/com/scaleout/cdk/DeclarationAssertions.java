package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.assertions.Match;

/**
 * What must hold for any declaration: every declared thing is in the template, exactly once, with its
 * settings. Counts come from the declaration, never from the test.
 */
final class DeclarationAssertions {
    private DeclarationAssertions() {
    }

    static void assertStackMatches(TestStacks.Synthesized synth, Declaration declaration, ScaleoutStackConfig config) {
        var template = synth.template();
        boolean ownCache = ownsCache(declaration, config);
        template.resourceCountIs("AWS::DynamoDB::Table", declaration.tables().size());
        boolean site = synth.stack().webSite().isPresent();
        // the declared buckets, a query results bucket per data lake, one for their access logs and the VPC's flow
        // logs, and the web site's with its own log bucket (in its own stack: see Storage.logsOnly)
        boolean logs = !declaration.buckets().isEmpty() || ownCache;
        long lakes = declaration.buckets().stream().filter(bucket -> bucket.dataLake().isPresent()).count();
        template.resourceCountIs("AWS::S3::Bucket",
                (int) (declaration.buckets().size() + lakes + (logs ? 1 : 0) + (site ? 2 : 0)));
        template.resourceCountIs("AWS::Glue::Database", (int) lakes);
        template.resourceCountIs("AWS::Athena::WorkGroup", (int) lakes);
        template.resourceCountIs("AWS::ElastiCache::ServerlessCache", ownCache ? 1 : 0);
        template.resourceCountIs("AWS::EC2::VPC", ownCache ? 1 : 0);
        if (!declaration.buckets().isEmpty()) {
            template.hasResourceProperties("AWS::S3::Bucket", Map.of(
                    "BucketEncryption", Match.anyValue(),
                    "PublicAccessBlockConfiguration", Map.of("BlockPublicAcls", true, "BlockPublicPolicy", true,
                            "IgnorePublicAcls", true, "RestrictPublicBuckets", true)));
        }
        // a bucket whose objects expire by tag has the lifecycle rule that deletes them
        declaration.buckets().forEach(bucket -> bucket.tagExpiry().ifPresent(expiry ->
                template.hasResourceProperties("AWS::S3::Bucket", Map.of("LifecycleConfiguration", Map.of("Rules",
                        Match.arrayWith(List.of(Match.objectLike(Map.of(
                                "ExpirationInDays", expiry.days(),
                                "Status", "Enabled",
                                "TagFilters", List.of(Map.of("Key", expiry.key(), "Value", expiry.value())))))))))));
        // the declared functions, and CDK's handler that copies the web site's files into its bucket
        template.resourceCountIs("AWS::Lambda::Function", declaration.functions().size() + (site ? 1 : 0));
        template.resourceCountIs("AWS::CloudFront::Distribution", site ? 1 : 0);
        // the HTTP API and each WebSocket API, with an integration per WebSocket route (WebSocketApis says why)
        int webSocketRoutes = declaration.webSocketApis().stream().mapToInt(api -> api.routes().size()).sum();
        template.resourceCountIs("AWS::ApiGatewayV2::Api", 1 + declaration.webSocketApis().size());
        template.resourceCountIs("AWS::ApiGatewayV2::Route", declaration.routes().size() + webSocketRoutes);
        template.resourceCountIs("AWS::ApiGatewayV2::Authorizer",
                (int) declaration.routes().stream().flatMap(r -> r.authorizer().stream()).distinct().count());
        template.resourceCountIs("AWS::ApiGatewayV2::Integration",
                (int) declaration.routes().stream().map(RouteSpec::function).distinct().count() + webSocketRoutes);
        template.resourceCountIs("AWS::Lambda::EventSourceMapping", declaration.streamConsumers().size());
        template.resourceCountIs("AWS::SQS::Queue", declaration.streamConsumers().size());
        template.hasOutput("ApiUrl", Map.of());
        if (site) {
            template.hasOutput("WebUrl", Map.of("Value", synth.resolve(synth.stack().webSite().orElseThrow().url())));
        } else {
            assertThat(template.findOutputs("WebUrl")).isEmpty();
        }
        for (TableSpec table : declaration.tables()) {
            template.hasOutput("Table" + table.name(), Map.of(
                    "Value", synth.resolve(synth.stack().tables().table(table.name()).getTableName())));
        }
        if (ownCache) {
            template.hasOutput("CacheEndpoint", Map.of(
                    "Value", synth.resolve(synth.stack().cache().orElseThrow().redisUrl())));
        } else {
            assertThat(template.findOutputs("CacheEndpoint")).isEmpty();
        }

        for (FunctionSpec spec : declaration.functions()) {
            assertFunction(synth, declaration, spec, config);
        }
        for (RouteSpec route : declaration.routes()) {
            template.hasResourceProperties("AWS::ApiGatewayV2::Route", Map.of(
                    "RouteKey", route.routeKey(),
                    "AuthorizationType", route.authorizer().isPresent() ? "CUSTOM" : "NONE",
                    "Target", Match.anyValue()));
        }
        assertRouteThrottles(synth, declaration);
    }

    /** Every declared route throttle, and no other, in the stage's route settings; the stage waits for the route. */
    private static void assertRouteThrottles(TestStacks.Synthesized synth, Declaration declaration) {
        Object httpApi = synth.resolve(synth.stack().api().httpApi().getApiId());
        var stage = synth.template().findResources("AWS::ApiGatewayV2::Stage",
                Map.of("Properties", Map.of("ApiId", httpApi))).values().iterator().next();
        @SuppressWarnings("unchecked")
        var properties = (Map<String, Object>) stage.get("Properties");
        var expected = new java.util.HashMap<String, Object>();
        declaration.routeThrottles().forEach(t -> expected.put(t.routeKey(), Map.of(
                "ThrottlingRateLimit", t.ratePerSecond(), "ThrottlingBurstLimit", t.burst())));
        if (expected.isEmpty()) {
            assertThat(properties).doesNotContainKey("RouteSettings");
        } else {
            // through the assertions library: the template's numbers are JSON numbers (2 and 2.0 are one)
            synth.template().hasResourceProperties("AWS::ApiGatewayV2::Stage",
                    Map.of("RouteSettings", Match.objectEquals(expected)));
        }
        @SuppressWarnings("unchecked")
        var dependsOn = (java.util.List<String>) stage.getOrDefault("DependsOn", java.util.List.of());
        declaration.routeThrottles().forEach(t -> assertThat(dependsOn).as("stage waits for " + t.routeKey())
                .contains(synth.logicalId(synth.stack().api().route(t.routeKey()))));
    }

    private static void assertFunction(TestStacks.Synthesized synth, Declaration declaration, FunctionSpec spec,
                                       ScaleoutStackConfig config) {
        var stack = synth.stack();
        // exactly its declared settings that the stack provides: each deployment setting it reads, and no other
        var variables = new LinkedHashMap<String, Object>();
        for (Setting setting : declaration.settingsOf(spec.name())) {
            Object value = setting.source() == Setting.Source.DEPLOYMENT
                    ? provided(synth, declaration, spec, setting, config) : Match.absent();
            variables.put(setting.name(), value);
        }
        var cache = stack.cache().filter(c -> spec.usesRedis());
        // in the cache's subnets (a pusher: those with a way out) with the security group it admits, or outside any VPC
        boolean pushes = declaration.pushesToConnections(spec.name());
        Object vpcConfig = cache.<Object>map(c -> Map.of(
                        "SubnetIds", synth.resolve(c.network().vpc().selectSubnets(pushes
                                ? c.network().egressSubnets() : c.network().isolatedSubnets()).getSubnetIds()),
                        "SecurityGroupIds", List.of(synth.resolve(
                                c.network().functionsSecurityGroup().getSecurityGroupId()))))
                .orElse(Match.absent());

        String logicalId = synth.logicalId(stack.functions().function(spec.name()));
        Map<String, Map<String, Object>> found = synth.template().findResources("AWS::Lambda::Function",
                Map.of("Properties", Map.of(
                        "Handler", spec.handler(),
                        "Runtime", "java21",
                        "Architectures", List.of("arm64"),
                        "MemorySize", spec.memoryMb(),
                        "Timeout", spec.timeoutSeconds(),
                        "TracingConfig", Map.of("Mode", "Active"),
                        "LoggingConfig", Map.of("LogGroup", Match.anyValue(), "LogFormat", "JSON",
                                "ApplicationLogLevel", "INFO", "SystemLogLevel", "INFO"),
                        "VpcConfig", vpcConfig,
                        "ReservedConcurrentExecutions", spec.reservedConcurrency().isPresent()
                                ? spec.reservedConcurrency().getAsInt() : Match.absent(),
                        "Environment", Map.of("Variables", Match.objectEquals(variables)))));
        assertThat(found).as("function %s with its declared settings", spec.name()).containsOnlyKeys(logicalId);
    }

    /** The value the stack gives a deployment setting, found apart from how Functions finds it; absent: none. */
    private static Object provided(TestStacks.Synthesized synth, Declaration declaration, FunctionSpec reader,
                                   Setting setting, ScaleoutStackConfig config) {
        var stack = synth.stack();
        if (setting.equals(Settings.LIVE_ENDPOINT)) {
            // https://{apiId}.execute-api.{region}.{suffix}/{stage}: the stage of the API the function pushes to
            var api = declaration.webSocketApis().stream().filter(a -> a.pushers().contains(reader.name()))
                    .findFirst().orElseThrow();
            Object apiId = synth.resolve(stack.webSocketApis().api(api.name()).api().getApiId());
            return Map.of("Fn::Join", List.of("", List.of("https://", apiId, ".execute-api.",
                    Map.of("Ref", "AWS::Region"), ".", Map.of("Ref", "AWS::URLSuffix"), "/" + config.stage())));
        }
        if (setting.equals(Settings.STAGE)) {
            return config.stage();
        }
        if (setting.equals(Settings.REDIS_URL)) {
            return stack.cache().<Object>map(c -> synth.resolve(c.redisUrl()))
                    .or(() -> config.redisUrl().map(Object.class::cast)).orElse(Match.absent());
        }
        if (setting.equals(Settings.REDIS_CLUSTER)) {
            return stack.cache().isPresent() ? "true" : Match.absent();
        }
        if (setting.equals(Settings.ADMIN_KEY_SECRET_ARN)) {
            return stack.functions().adminKey().<Object>map(k -> synth.resolve(k.getSecretArn()))
                    .orElse(Match.absent());
        }
        for (var table : declaration.tables()) {
            if (setting.equals(Settings.table(table.name()))) {
                return synth.resolve(stack.tables().table(table.name()).getTableName());
            }
        }
        for (var bucket : declaration.buckets()) {
            if (setting.equals(Settings.bucket(bucket.name()))) {
                return synth.resolve(stack.storage().bucket(bucket.name()).getBucketName());
            }
        }
        for (var lake : stack.dataLakes().all().entrySet()) {
            if (setting.equals(Settings.catalog(lake.getKey()))) {
                return lake.getValue().databaseName();
            }
        }
        for (var function : declaration.functions()) {
            if (setting.equals(Settings.function(function.name()))) {
                return synth.resolve(stack.functions().function(function.name()).getFunctionName());
            }
        }
        throw new AssertionError("a deployment setting the stack does not know: " + setting.name());
    }

    /** The stack builds its own cache when a function uses Redis and the config names no Redis of its own. */
    static boolean ownsCache(Declaration declaration, ScaleoutStackConfig config) {
        return config.redisUrl().isEmpty() && declaration.functions().stream().anyMatch(FunctionSpec::usesRedis);
    }
}
