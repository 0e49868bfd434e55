package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.RouteSpec;
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
        template.resourceCountIs("AWS::DynamoDB::Table", declaration.tables().size());
        // the declared buckets, and one for their server access logs
        template.resourceCountIs("AWS::S3::Bucket",
                declaration.buckets().size() + (declaration.buckets().isEmpty() ? 0 : 1));
        if (!declaration.buckets().isEmpty()) {
            template.hasResourceProperties("AWS::S3::Bucket", Map.of(
                    "BucketEncryption", Match.anyValue(),
                    "PublicAccessBlockConfiguration", Map.of("BlockPublicAcls", true, "BlockPublicPolicy", true,
                            "IgnorePublicAcls", true, "RestrictPublicBuckets", true)));
        }
        template.resourceCountIs("AWS::Lambda::Function", declaration.functions().size());
        template.resourceCountIs("AWS::ApiGatewayV2::Api", 1);
        template.resourceCountIs("AWS::ApiGatewayV2::Route", declaration.routes().size());
        template.resourceCountIs("AWS::ApiGatewayV2::Authorizer",
                (int) declaration.routes().stream().flatMap(r -> r.authorizer().stream()).distinct().count());
        template.resourceCountIs("AWS::ApiGatewayV2::Integration",
                (int) declaration.routes().stream().map(RouteSpec::function).distinct().count());
        template.resourceCountIs("AWS::Lambda::EventSourceMapping", declaration.streamConsumers().size());
        template.resourceCountIs("AWS::SQS::Queue", declaration.streamConsumers().size());
        template.hasOutput("ApiUrl", Map.of());

        for (FunctionSpec spec : declaration.functions()) {
            assertFunction(synth, spec, config);
        }
        for (RouteSpec route : declaration.routes()) {
            template.hasResourceProperties("AWS::ApiGatewayV2::Route", Map.of(
                    "RouteKey", route.routeKey(),
                    "AuthorizationType", route.authorizer().isPresent() ? "CUSTOM" : "NONE",
                    "Target", Match.anyValue()));
        }
    }

    private static void assertFunction(TestStacks.Synthesized synth, FunctionSpec spec, ScaleoutStackConfig config) {
        var stack = synth.stack();
        var variables = new LinkedHashMap<String, Object>();
        variables.put(Functions.STAGE_VARIABLE, config.stage());
        for (var access : spec.tables()) {
            var table = stack.tables().table(access.table());
            variables.put(TableSpec.environmentVariable(access.table()), synth.resolve(table.getTableName()));
        }
        for (String bucket : spec.buckets()) {
            variables.put(com.scaleout.declaration.BucketSpec.environmentVariable(bucket),
                    synth.resolve(stack.storage().bucket(bucket).getBucketName()));
        }
        variables.put(Functions.REDIS_URL_VARIABLE,
                spec.usesRedis() && config.redisUrl().isPresent() ? config.redisUrl().get() : Match.absent());

        String logicalId = synth.logicalId(stack.functions().function(spec.name()));
        Map<String, Map<String, Object>> found = synth.template().findResources("AWS::Lambda::Function",
                Map.of("Properties", Map.of(
                        "Handler", spec.handler(),
                        "Runtime", "java21",
                        "Architectures", List.of("arm64"),
                        "MemorySize", spec.memoryMb(),
                        "Timeout", spec.timeoutSeconds(),
                        "TracingConfig", Map.of("Mode", "Active"),
                        "LoggingConfig", Map.of("LogGroup", Match.anyValue()),
                        "Environment", Map.of("Variables", Match.objectEquals(variables)))));
        assertThat(found).as("function %s with its declared settings", spec.name()).containsOnlyKeys(logicalId);
    }
}
