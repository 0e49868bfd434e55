package com.scaleout.local.template;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dev stage's stacks as the cdk module's build synthesizes them (SCALEOUT_TEMPLATE, see local/pom.xml), read as
 * one template with the local names: every declared function is in it, with its tables' local names, the local Redis
 * and local ARNs in its policies; and every setting a function reads has a source locally.
 */
class StackTemplateTest {
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();
    private static final LocalNames NAMES = new LocalNames("us-east-1", LocalNames.MOTO_ACCOUNT_ID, "127.0.0.1",
            6399, id -> "local-" + id.toLowerCase(Locale.ROOT));
    private static Path path;
    private static StackTemplate template;

    @BeforeAll
    static void read() {
        path = Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow(
                () -> new AssertionError("SCALEOUT_TEMPLATE is not set (local/pom.xml sets it for the tests)")));
        assertThat(path).as("the dev cloud assembly; synthesized by: mvn -pl cdk -am package").exists();
        template = StackTemplate.read(path, NAMES);
    }

    @Test
    void everyDeclaredFunctionIsInTheTemplateAsDeclared() {
        for (FunctionSpec spec : DECLARATION.functions()) {
            FunctionTemplate function = template.function(spec.name());
            assertThat(function.name()).isEqualTo(spec.name());
            assertThat(function.memoryMb()).as(spec.name()).isEqualTo(spec.memoryMb());
            assertThat(function.timeoutSeconds()).as(spec.name()).isEqualTo(spec.timeoutSeconds());
            assertThat(function.reservedConcurrency()).as(spec.name()).isEqualTo(spec.reservedConcurrency());
        }
        assertThat(template.functions()).hasSameSizeAs(DECLARATION.functions());
    }

    @Test
    void eachFunctionsEnvironmentNamesItsTablesLocallyAndTheLocalRedis() {
        for (FunctionSpec spec : DECLARATION.functions()) {
            Map<String, String> environment = template.function(spec.name()).environment();
            spec.tables().forEach(access -> assertThat(environment)
                    .containsEntry(Settings.table(access.table()).name(), access.table()));
            spec.buckets().forEach(bucket -> assertThat(environment)
                    .containsEntry(Settings.bucket(bucket).name(), NAMES.bucketName().apply(bucket)));
            if (spec.usesRedis()) {
                assertThat(environment.get(Settings.REDIS_URL.name())).as(spec.name()).endsWith("127.0.0.1:6399");
            }
        }
    }

    @Test
    void policyStatementsNameLocalArns() {
        var resources = new ArrayList<String>();
        for (JsonNode document : template.function("SocialTweets").policyDocuments()) {
            document.path("Statement").forEach(statement -> {
                JsonNode resource = statement.path("Resource");
                (resource.isArray() ? resource : List.of(resource)).forEach(r -> resources.add(r.asText()));
            });
        }
        assertThat(resources).contains("arn:aws:dynamodb:us-east-1:123456789012:table/Tweets",
                "arn:aws:dynamodb:us-east-1:123456789012:table/Tweets/index/*");
        assertThat(resources).allSatisfy(arn -> assertThat(arn).satisfiesAnyOf(
                a -> assertThat(a).isEqualTo("*"), a -> assertThat(a).contains(":123456789012:"),
                a -> assertThat(a).startsWith("arn:aws:s3:::local-")));
        assertThat(template.awsManagedPolicies("SocialTweets"))
                .contains("arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole");
    }

    /** CDK's grantManagementApiAccess resolved locally: the pushers post to the Live API's connections, no other. */
    @Test
    void onlyThePushersPoliciesAllowManagingTheLiveApisConnections() {
        String post = "arn:aws:execute-api:us-east-1:123456789012:live/dev/POST/@connections/L0SM9cOFvHcCIhw=";
        var pushers = DECLARATION.webSocketApi(ScaleoutDeclaration.LIVE_API).pushers();
        for (FunctionSpec spec : DECLARATION.functions()) {
            var policy = com.scaleout.local.iam.Policy.fromDocuments(template.function(spec.name()).policyDocuments());
            assertThat(policy.evaluate("execute-api:ManageConnections", post, Map.of()).allowed()).as(spec.name())
                    .isEqualTo(pushers.contains(spec.name()));
        }
        assertThat(template.webSocketStages()).singleElement().satisfies(stage -> {
            assertThat(stage.apiId()).isEqualTo("live");
            assertThat(stage.stageName()).isEqualTo("dev");
        });
    }

    /** The HTTP API stage's default (2,000/s, burst 4,000, as the CDK app sets it), not the WebSocket stage's. */
    @Test
    void theHttpApiStagesDefaultRouteThrottleIsReadApartFromTheWebSocketStages() {
        Path path = Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow());
        assertThat(StackTemplate.Source.read(path).httpStageDefault())
                .contains(new com.scaleout.local.limits.RouteThrottles.StageDefault(2_000, 4_000));
        assertThat(template.webSocketStages()).allSatisfy(stage -> assertThat(stage.ratePerSecond()).isNotEqualTo(2_000));
    }

    @Test
    void everyStreamConsumerHasItsMappingWithABoundOnRetries() {
        assertThat(template.eventSources()).hasSameSizeAs(DECLARATION.streamConsumers());
        for (var consumer : DECLARATION.streamConsumers()) {
            assertThat(template.eventSources()).anySatisfy(mapping -> {
                assertThat(mapping.function()).isEqualTo(consumer.function());
                assertThat(mapping.table()).isEqualTo(consumer.table());
                assertThat(mapping.toConsumerSpec()).isEqualTo(consumer);
            });
        }
    }

    /**
     * A mapping's BisectBatchOnFunctionError and FunctionResponseTypes reach the poller as the template writes them:
     * the dev template's first mapping with both taken out configures a consumer with neither.
     */
    @Test
    void aMappingWithoutBisectOrReportBatchItemFailuresConfiguresAConsumerWithNeither() throws Exception {
        var json = StackTemplate.Source.read(path).json();
        var mappings = new ArrayList<com.fasterxml.jackson.databind.node.ObjectNode>();
        json.path("Resources").forEach(resource -> {
            if (resource.path("Type").asText().equals("AWS::Lambda::EventSourceMapping")) {
                mappings.add((com.fasterxml.jackson.databind.node.ObjectNode) resource.path("Properties"));
            }
        });
        var changed = mappings.getFirst();
        changed.remove("FunctionResponseTypes");
        changed.put("BisectBatchOnFunctionError", false);

        var consumers = StackTemplate.parse(json, NAMES).eventSources().stream()
                .map(EventSourceTemplate::toConsumerSpec).toList();

        assertThat(consumers).filteredOn(c -> !c.reportsBatchItemFailures()).singleElement()
                .satisfies(c -> assertThat(c.bisectsOnError()).isFalse());
        assertThat(consumers).filteredOn(c -> c.reportsBatchItemFailures() && c.bisectsOnError())
                .hasSize(mappings.size() - 1);
    }

    /**
     * A setting a function reads has a source locally: the template sets it, the local runtime substitutes it
     * (LocalSubstitutions), Lambda sets it, or it is a tuning whose default holds. What is left is read by the code
     * and set by nobody for that function, so it would be missing after a deploy as well as locally.
     */
    @Test
    void everySettingAFunctionReadsHasASourceLocally() {
        var unset = new ArrayList<String>();
        for (FunctionSpec spec : DECLARATION.functions()) {
            var environment = template.function(spec.name()).environment();
            for (Setting setting : DECLARATION.settingsOf(spec.name())) {
                boolean sourced = environment.containsKey(setting.name())
                        || LocalSubstitutions.all().contains(setting)
                        || setting.source() == Setting.Source.LAMBDA
                        || setting.source() == Setting.Source.TUNING;
                if (!sourced) {
                    unset.add(spec.name() + ":" + setting.name());
                }
            }
        }
        // the admin functions' secret too: the local runtime's dev template is synthesized with the admin routes
        assertThat(unset).isEmpty();
    }
}
