package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Template;
import software.amazon.awscdk.cxapi.CloudAssembly;

/**
 * What holds data cannot be replaced by a deploy without someone deciding so: every table (its keys, indexes and
 * stream), bucket, Glue database, Athena workgroup, secret and on-failure queue of a production stage is pinned in
 * {@value #PINNED} by stack, logical id and what CloudFormation replaces it for. A change of any of them fails here,
 * saying what would be lost and how to migrate instead; an intended one updates the file in the same commit
 * ({@code mvn -pl cdk test -Dtest=StatefulResourcesTest -Dstateful.write=true}).
 */
class StatefulResourcesTest {
    static final String PINNED = "src/test/resources/stateful-resources.tsv";
    private static final List<String> STATEFUL = List.of("AWS::DynamoDB::Table", "AWS::S3::Bucket",
            "AWS::Glue::Database", "AWS::Athena::WorkGroup", "AWS::SecretsManager::Secret", "AWS::SQS::Queue");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    private static ScaleoutStacks stacks;
    private static List<String> current;

    @BeforeAll
    static void synthesize() {
        App app = ScaleoutApp.newApp();
        stacks = new ScaleoutStacks(app, ScaleoutDeclaration.declaration(),
                TestStacks.config("prod", tmp).withAdminRoutes().withWebDist(TestStacks.webDist(tmp)));
        current = pins(stacks, app.synth());
    }

    @Test
    void noStatefulResourceChangesIdentity() throws IOException {
        if (Boolean.getBoolean("stateful.write")) {
            Files.writeString(Path.of(PINNED), header() + String.join("\n", current) + "\n");
        }
        var pinned = Files.readAllLines(Path.of(PINNED)).stream().filter(l -> !l.startsWith("#") && !l.isBlank())
                .toList();
        var gone = new ArrayList<>(pinned);
        gone.removeAll(current);
        var added = new ArrayList<>(current);
        added.removeAll(pinned);

        assertThat(gone).as("""
                A deploy would replace or delete these resources that hold data: their logical id, key schema, \
                indexes or stream changed (or they were removed). CloudFormation replaces a table whose logical id \
                or keys change, so every item is lost (outside dev the old table is retained, orphaned from the \
                stack). To migrate instead: keep the construct's id (or pin its logical id with overrideLogicalId), \
                or create the new resource beside the old one, copy the data (DynamoDB export to S3 and import, or a \
                backfill through the stream), move the functions over, then remove the old one in a later deploy. \
                If the change is intended, rewrite %s (-Dstateful.write=true) in the same commit and say so in its \
                message. No longer found as pinned""".formatted(PINNED)).isEmpty();
        assertThat(added).as("new stateful resources: pin them in " + PINNED + " (-Dstateful.write=true)").isEmpty();
    }

    @Test
    void theDataStackIsProtectedOutsideDev() {
        assertThat(stacks.data().getTerminationProtection()).isTrue();
        var template = Template.fromStack(stacks.data());
        for (String type : List.of("AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::Glue::Database",
                "AWS::Athena::WorkGroup")) {
            template.findResources(type).forEach((id, resource) -> {
                assertThat(resource).as(id).containsEntry("DeletionPolicy", "Retain")
                        .containsEntry("UpdateReplacePolicy", "Retain");
            });
        }
        template.allResourcesProperties("AWS::DynamoDB::Table", Map.of("DeletionProtectionEnabled", true));
    }

    /** One line per stateful resource: stack, logical id, type, and what replaces it when it changes. */
    static List<String> pins(ScaleoutStacks stacks, CloudAssembly assembly) {
        var lines = new TreeSet<String>();
        for (Stack stack : stacks.all()) {
            JsonNode resources = JSON.valueToTree(TestStacks.template(assembly, stack)).path("Resources");
            resources.properties().forEach(entry -> {
                String type = entry.getValue().path("Type").asText();
                if (STATEFUL.contains(type)) {
                    lines.add(String.join("\t", stack.getStackName().replaceFirst("-prod-", "-<stage>-"),
                            entry.getKey(), type, identity(type, entry.getValue().path("Properties"))));
                }
            });
        }
        return List.copyOf(lines);
    }

    /** The properties whose change makes CloudFormation replace the resource (or, for a table, refuse to). */
    private static String identity(String type, JsonNode properties) {
        return switch (type) {
            case "AWS::DynamoDB::Table" -> "keys " + keys(properties.path("KeySchema"))
                    + " stream " + properties.path("StreamSpecification").path("StreamViewType").asText("none")
                    + " indexes " + indexes(properties.path("GlobalSecondaryIndexes"));
            case "AWS::Glue::Database" -> "name " + properties.path("DatabaseInput").path("Name").asText();
            case "AWS::Athena::WorkGroup" -> "name " + properties.path("Name").asText();
            default -> "-";
        };
    }

    private static String keys(JsonNode schema) {
        var keys = new ArrayList<String>();
        schema.forEach(key -> keys.add(key.path("AttributeName").asText() + ":" + key.path("KeyType").asText()));
        return String.join(",", keys);
    }

    private static String indexes(JsonNode indexes) {
        var all = new TreeSet<String>();
        indexes.forEach(index -> all.add(index.path("IndexName").asText() + "(" + keys(index.path("KeySchema")) + ")"));
        return all.isEmpty() ? "none" : String.join(",", all);
    }

    private static String header() {
        return """
                # The resources that hold data, pinned (StatefulResourcesTest): stack, logical id, type, identity.
                # A line that changes or goes means a deploy would replace or delete that resource: see the test.
                """;
    }
}
