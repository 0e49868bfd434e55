package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;

/**
 * The admin routes, and the functions that serve only them, exist in AWS only where the stage asks, with a generated
 * key only their functions may read.
 */
class AdminRoutesTest {
    @TempDir
    static Path tmp;

    private static TestStacks.Synthesized synth(ScaleoutStackConfig config) {
        return TestStacks.synth(ScaleoutDeclaration.declaration(), config);
    }

    private static ScaleoutStackConfig prod() {
        return TestStacks.config("prod", tmp);
    }

    @Test
    void offByDefault() {
        var synth = synth(prod());

        synth.template().resourceCountIs("AWS::SecretsManager::Secret", 0);
        synth.template().resourceCountIs("AWS::EC2::VPCEndpoint", 2); // the gateway endpoints only
        assertThat(synth.template().findOutputs("AdminKeySecret")).isEmpty();
    }

    /**
     * Off, no stack has an admin route, nor a function serving only admin routes: no role, no grant on the tables,
     * no provisioned concurrency, no alarm of it. Before, they were all deployed and only the missing key kept the
     * routes answering 404.
     */
    @Test
    void withoutAdminRoutesNoStackHasThemOrTheFunctionsServingOnlyThem() {
        var synth = synth(prod().withProvisionedConcurrency(2));

        assertThat(routeKeys(synth)).isNotEmpty().noneMatch(key -> key.contains(" /admin/"));
        assertThat(handlers(synth)).isNotEmpty().doesNotContainAnyElementsOf(adminOnlyHandlers());
        for (String function : adminOnlyFunctions()) {
            assertThat(synth.template().toJSON().get("Resources").toString())
                    .as("a resource of " + function).doesNotContain("Functions" + function);
        }
        assertThat(synth.stack().functions().all()).doesNotContainKeys(adminOnlyFunctions().toArray(String[]::new));
    }

    @Test
    void withAdminRoutesEveryAdminRouteAndItsFunctionIsThere() throws IOException {
        var config = prod().withProvisionedConcurrency(2).withAdminRoutes();
        var synth = synth(config);

        assertThat(routeKeys(synth)).containsAll(ScaleoutDeclaration.declaration().routes().stream()
                .filter(RouteSpec::isAdminRoute).map(RouteSpec::routeKey).toList());
        assertThat(handlers(synth)).containsAll(adminOnlyHandlers());
        Object importKeys = synth.resolve(synth.stack().tables().table("ImportKeys").getTableArn());
        for (String function : adminOnlyFunctions()) {
            var deployed = synth.stack().functions().function(function);
            assertThat(synth.actionsOn(deployed, importKeys)).as(function + "'s grants").contains("dynamodb:PutItem");
            var artifact = ScaleoutDeclaration.declaration().function(function).artifact();
            assertThat(Files.mismatch(synth.deployedArtifact(deployed), Path.of(config.jarPath(artifact))))
                    .as(function + " deployed from " + artifact).isEqualTo(-1L);
        }
    }

    @Test
    void onlyTheAdminFunctionMayReadTheGeneratedKey() {
        var synth = synth(prod().withAdminRoutes());
        var secret = synth.stack().functions().adminKey().orElseThrow();
        Object secretArn = synth.resolve(secret.getSecretArn());

        synth.template().resourceCountIs("AWS::SecretsManager::Secret", 1);
        synth.template().hasOutput("AdminKeySecret", Match.objectLike(Map.of("Value", secretArn)));
        for (var spec : ScaleoutDeclaration.declaration().functions()) {
            var function = synth.stack().functions().function(spec.name());
            boolean admin = spec.name().equals(ScaleoutDeclaration.IMPORT_KEYS_ADMIN)
                    || spec.name().equals(ScaleoutDeclaration.ADMIN);
            assertThat(synth.actionsOn(function, secretArn).contains("secretsmanager:GetSecretValue"))
                    .as(spec.name()).isEqualTo(admin);
            if (admin) {
                assertThat(environment(synth, function))
                        .containsEntry(Settings.ADMIN_KEY_SECRET_ARN.name(), secretArn);
            }
        }
        assertThat(synth.errors(Match.stringLikeRegexp("AwsSolutions-.*"))).isEmpty();
    }

    @Test
    void theAdminFunctionInTheCachesVpcReachesSecretsManagerAndCloudWatchThroughEndpointsOpenToTheFunctionsOnly() {
        var synth = synth(prod().withAdminRoutes());
        var network = synth.stack().network().orElseThrow();
        Object functionsGroup = synth.resolve(network.functionsSecurityGroup().getSecurityGroupId());

        synth.template().resourceCountIs("AWS::EC2::VPCEndpoint", 4);
        var interfaces = synth.template().findResources("AWS::EC2::VPCEndpoint", Match.objectLike(Map.of(
                "Properties", Match.objectLike(Map.of("VpcEndpointType", "Interface", "PrivateDnsEnabled", true)))));
        assertThat(interfaces.values()).extracting(Object::toString)
                .satisfiesExactlyInAnyOrder(endpoint -> assertThat(endpoint).contains(".secretsmanager"),
                        endpoint -> assertThat(endpoint).contains(".monitoring"));
        var ingress = synth.template().findResources("AWS::EC2::SecurityGroupIngress").values().stream()
                .map(r -> (Map<?, ?>) r.get("Properties"))
                .filter(p -> Integer.valueOf(443).equals(p.get("FromPort")))
                .toList();
        assertThat(ingress).hasSize(2)
                .allSatisfy(rule -> assertThat(rule.get("SourceSecurityGroupId")).isEqualTo(functionsGroup));
        var admin = synth.stack().functions().function(ScaleoutDeclaration.ADMIN);
        assertThat(synth.template().findResources("AWS::Lambda::Function").get(synth.logicalId(admin)).toString())
                .contains("VpcConfig");
    }

    /** The functions of the admin routes that serve no other route (read from the routes, not from the code). */
    private static List<String> adminOnlyFunctions() {
        var routes = ScaleoutDeclaration.declaration().routes();
        var others = routes.stream().filter(route -> !route.isAdminRoute()).map(RouteSpec::function).toList();
        return routes.stream().filter(RouteSpec::isAdminRoute).map(RouteSpec::function).distinct()
                .filter(function -> !others.contains(function)).toList();
    }

    private static List<String> adminOnlyHandlers() {
        return adminOnlyFunctions().stream()
                .map(function -> ScaleoutDeclaration.declaration().function(function).handler()).toList();
    }

    private static List<String> routeKeys(TestStacks.Synthesized synth) {
        return properties(synth, "AWS::ApiGatewayV2::Route").map(p -> String.valueOf(p.get("RouteKey"))).toList();
    }

    private static List<String> handlers(TestStacks.Synthesized synth) {
        return properties(synth, "AWS::Lambda::Function").map(p -> String.valueOf(p.get("Handler"))).toList();
    }

    private static Stream<Map<?, ?>> properties(TestStacks.Synthesized synth, String type) {
        return synth.template().findResources(type).values().stream().map(r -> (Map<?, ?>) r.get("Properties"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(TestStacks.Synthesized synth,
                                                   software.amazon.awscdk.services.lambda.Function function) {
        var resource = synth.template().findResources("AWS::Lambda::Function").get(synth.logicalId(function));
        var properties = (Map<String, Object>) resource.get("Properties");
        return (Map<String, Object>) ((Map<String, Object>) properties.get("Environment")).get("Variables");
    }
}
