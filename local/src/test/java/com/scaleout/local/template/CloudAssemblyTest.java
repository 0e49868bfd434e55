package com.scaleout.local.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cloud assembly of three stacks (the test resources' {@code cloud-assembly/}: a table in S-Data; a function, its
 * role and the role's default policy in S-Api; the function's event source mapping and a policy of its own attached
 * to the role in S-Consumers) read as one template: what crosses a stack resolves as it would within one. S-Api reads
 * S-Data through exports ({@code Fn::ImportValue}, CDK's strong references), S-Consumers reads both other stacks'
 * outputs ({@code Fn::GetStackOutput}, its weak ones, the app's default): CDK writes either.
 */
class CloudAssemblyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LocalNames NAMES = new LocalNames("us-east-1", LocalNames.MOTO_ACCOUNT_ID, "127.0.0.1",
            6399, id -> "local-" + id.toLowerCase(Locale.ROOT));
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/Tweets";

    private static Path fixture() throws URISyntaxException {
        return Path.of(CloudAssemblyTest.class.getResource("/cloud-assembly/manifest.json").toURI()).getParent();
    }

    @Test
    void aFunctionsEnvironmentNamesTheTableAnotherStackExports() throws Exception {
        var fanout = StackTemplate.read(fixture(), NAMES).function("Fanout");

        assertThat(fanout.environment()).isEqualTo(Map.of("TABLE_TWEETS", "Tweets"));
        assertThat(fanout.memoryMb()).isEqualTo(512);
    }

    @Test
    void aRolesPoliciesIncludeThoseAnotherStackAttachesToIt() throws Exception {
        var template = StackTemplate.read(fixture(), NAMES);

        assertThat(resources(template.function("Fanout").policyDocuments())).containsExactlyInAnyOrder(
                TABLE_ARN, TABLE_ARN + "/index/*", // the role's default policy, granting the imported table
                TABLE_ARN + "/stream/*", "arn:aws:sqs:us-east-1:123456789012:FanoutOnFailure"); // the consumers'
        assertThat(template.awsManagedPolicies("Fanout"))
                .containsExactly("arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole");
    }

    @Test
    void aMappingInAnotherStackReadsTheImportedTablesStreamIntoTheImportedFunction() throws Exception {
        assertThat(StackTemplate.read(fixture(), NAMES).eventSources()).singleElement().satisfies(mapping -> {
            assertThat(mapping.function()).isEqualTo("Fanout");
            assertThat(mapping.table()).isEqualTo("Tweets");
            assertThat(mapping.toConsumerSpec().batchSize()).isEqualTo(50);
        });
    }

    /** CDK's metadata resource is in every stack under one logical id: kept once, no conflict. */
    @Test
    void theMergedTemplateHasEveryStacksResourcesAndNoImport() throws Exception {
        ObjectNode merged = CloudAssembly.read(fixture()).template();

        assertThat(merged.path("Resources").properties().stream().map(Map.Entry::getKey)).containsExactlyInAnyOrder(
                "DataTweetsAEF722D4", "CDKMetadata", "FunctionsFanoutServiceRole1A2B3C4D",
                "FunctionsFanoutServiceRoleDefaultPolicy5E6F7A8B", "FunctionsFanout9C0D1E2F",
                "StreamConsumersFanoutOnFailure3C4D5E6F", "StreamConsumersFanoutPolicy7A8B9C0D",
                "StreamConsumersFanoutMapping1E2F3A4B");
        assertThat(merged.toString()).doesNotContain("Fn::ImportValue").doesNotContain("Fn::GetStackOutput");
        assertThat(merged.at("/Resources/StreamConsumersFanoutMapping1E2F3A4B/Properties/EventSourceArn"))
                .isEqualTo(JSON.readTree("{\"Fn::GetAtt\": [\"DataTweetsAEF722D4\", \"StreamArn\"]}"));
        assertThat(merged.path("Outputs").has("S-Api/PublishOutputRefFunctionsFanout9C0D1E2FC0FFEE05")).isTrue();
    }

    /** A single template file (as the tests' own templates are) is read as it is. */
    @Test
    void aTemplateFileIsStillReadAsItIs(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("merged.template.json");
        JSON.writeValue(file.toFile(), CloudAssembly.read(fixture()).template());

        assertThat(StackTemplate.read(file, NAMES).function("Fanout").environment())
                .containsEntry("TABLE_TWEETS", "Tweets");
    }

    @Test
    void anImportNoStackExportsIsAnErrorNamingTheImporterAndTheExport(@TempDir Path dir) throws Exception {
        assembly(dir, Map.of(
                "A", "{\"Resources\": {\"Fn\": {\"Type\": \"AWS::Lambda::Function\", \"Properties\": {\"Environment\":"
                        + " {\"Variables\": {\"X\": {\"Fn::ImportValue\": \"B:ExportsOutputRefGone\"}}}}}}}",
                "B", "{\"Resources\": {}}"));

        assertThatThrownBy(() -> StackTemplate.Source.read(dir)).isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("stack A imports B:ExportsOutputRefGone, which no stack");
    }

    @Test
    void anOutputItsStackDoesNotHaveIsAnErrorNamingTheReaderAndTheOutput(@TempDir Path dir) throws Exception {
        assembly(dir, Map.of(
                "A", "{\"Resources\": {\"Fn\": {\"Type\": \"AWS::Lambda::Function\", \"Properties\": {\"Environment\":"
                        + " {\"Variables\": {\"X\": {\"Fn::GetStackOutput\": {\"StackName\": \"B\", \"OutputName\":"
                        + " \"PublishOutputRefGone\"}}}}}}}}",
                "B", "{\"Resources\": {}}"));

        assertThatThrownBy(() -> StackTemplate.Source.read(dir)).isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("stack A reads the output PublishOutputRefGone of stack B, which the cloud "
                        + "assembly");
    }

    @Test
    void oneLogicalIdInTwoStacksIsAnErrorNamingBoth(@TempDir Path dir) throws Exception {
        assembly(dir, Map.of(
                "A", "{\"Resources\": {\"Thing1\": {\"Type\": \"AWS::DynamoDB::Table\"}}}",
                "B", "{\"Resources\": {\"Thing1\": {\"Type\": \"AWS::SQS::Queue\"}}}"));

        assertThatThrownBy(() -> StackTemplate.Source.read(dir)).isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("the stacks A and B both have a resource Thing1");
    }

    /** Writes a manifest naming each stack's template, in name order, and the templates. */
    private static void assembly(Path dir, Map<String, String> templates) throws IOException {
        ObjectNode artifacts = JSON.createObjectNode();
        for (String stack : templates.keySet().stream().sorted().toList()) {
            String file = stack + ".template.json";
            Files.writeString(dir.resolve(file), templates.get(stack));
            artifacts.putObject(stack).put("type", "aws:cloudformation:stack")
                    .putObject("properties").put("templateFile", file);
        }
        ObjectNode manifest = JSON.createObjectNode().put("version", "54.0.0");
        manifest.set("artifacts", artifacts);
        JSON.writeValue(dir.resolve(CloudAssembly.MANIFEST).toFile(), manifest);
    }

    private static List<String> resources(List<JsonNode> documents) {
        var resources = new ArrayList<String>();
        documents.forEach(document -> document.path("Statement").forEach(statement -> {
            JsonNode resource = statement.path("Resource");
            (resource.isArray() ? resource : List.of(resource)).forEach(r -> resources.add(r.asText()));
        }));
        return resources;
    }
}
