package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;

/** The admin routes answer in AWS only where the stage asks, with a generated key only their functions may read. */
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
        var admin = synth.stack().functions().function(ScaleoutDeclaration.IMPORT_KEYS_ADMIN);
        assertThat(environment(synth, admin)).doesNotContainKey(Settings.ADMIN_KEY_SECRET_ARN.name());
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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(TestStacks.Synthesized synth,
                                                   software.amazon.awscdk.services.lambda.Function function) {
        var resource = synth.template().findResources("AWS::Lambda::Function").get(synth.logicalId(function));
        var properties = (Map<String, Object>) resource.get("Properties");
        return (Map<String, Object>) ((Map<String, Object>) properties.get("Environment")).get("Variables");
    }
}
