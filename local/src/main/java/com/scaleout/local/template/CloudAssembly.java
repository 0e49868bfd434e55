package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedSet;

/**
 * A CDK cloud assembly ({@code cdk.out}: {@code manifest.json} and a template per stack) read as the one template
 * the local runtime is configured by. The CDK app splits a stage into stacks (data, network, API, consumers, ...)
 * that read each other's values; locally they are one stack, so each cross-stack read is replaced by the value the
 * producing stack outputs for it, the {@code Ref} or {@code Fn::GetAtt} of its resource, and the merged template reads
 * as if the reference had never crossed a stack. CDK writes such a read in one of two ways: a weak reference,
 * {@code {"Fn::GetStackOutput": {"StackName": ..., "OutputName": ...}}} (the app's default), or a strong one,
 * {@code {"Fn::ImportValue": "<export name>"}} of an output's {@code Export.Name}.
 */
public final class CloudAssembly {
    public static final String MANIFEST = "manifest.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String STACK_ARTIFACT = "aws:cloudformation:stack";
    private static final String IMPORT = "Fn::ImportValue";
    private static final String STACK_OUTPUT = "Fn::GetStackOutput";
    /** CDK writes its metadata resource into every stack under the same logical id; it configures nothing. */
    private static final String CDK_METADATA = "AWS::CDK::Metadata";

    private final Path directory;
    private final Map<String, Stack> stacks;
    private final Map<String, Output> exports;

    private CloudAssembly(Path directory, Map<String, Stack> stacks, Map<String, Output> exports) {
        this.directory = directory;
        this.stacks = stacks;
        this.exports = exports;
    }

    /**
     * One stack of the assembly as synthesized, its cross-stack references unresolved.
     *
     * @param templateFile the template's file, relative to the assembly's directory (as the manifest names it)
     */
    public record Stack(String name, String templateFile, ObjectNode template) {
    }

    /** An output a reference reads: the stack that outputs it and its value; {@code key} names it in errors. */
    private record Output(String key, String stack, JsonNode value) {
    }

    /** Reads the manifest's stacks (its other artifacts, assets and the construct tree, are not templates). */
    public static CloudAssembly read(Path directory) {
        JsonNode manifest = readJson(directory.resolve(MANIFEST), "the cloud assembly's manifest");
        var stacks = new LinkedHashMap<String, Stack>();
        manifest.path("artifacts").properties().forEach(artifact -> {
            JsonNode properties = artifact.getValue().path("properties");
            if (STACK_ARTIFACT.equals(artifact.getValue().path("type").asText())) {
                String file = properties.path("templateFile").asText();
                String name = properties.path("stackName").asText(artifact.getKey());
                stacks.put(name, new Stack(name, file, template(directory.resolve(file), name)));
            }
        });
        if (stacks.isEmpty()) {
            throw new UnresolvableTemplateException("the cloud assembly " + directory + " has no stack");
        }
        return new CloudAssembly(directory, stacks, exportsOf(stacks.values()));
    }

    public Path directory() {
        return directory;
    }

    /** The stacks in the manifest's order. */
    public List<Stack> stacks() {
        return List.copyOf(stacks.values());
    }

    /**
     * Every stack's resources in one template, cross-stack references resolved; the outputs too, keyed
     * {@code <stack>/<output>} (nothing local reads them, and so two stacks' outputs of one name need no rule). Fails
     * naming both stacks when two hold one logical id.
     */
    public ObjectNode template() {
        ObjectNode resources = NODES.objectNode();
        ObjectNode outputs = NODES.objectNode();
        var holders = new HashMap<String, String>();
        for (Stack stack : stacks.values()) {
            ObjectNode resolved = resolved(stack);
            resolved.path("Resources").properties().forEach(entry -> {
                String logicalId = entry.getKey();
                String holder = holders.putIfAbsent(logicalId, stack.name());
                boolean metadata = CDK_METADATA.equals(entry.getValue().path("Type").asText());
                if (holder != null && !metadata) {
                    throw new UnresolvableTemplateException("the stacks " + holder + " and " + stack.name()
                            + " both have a resource " + logicalId + ": merged into one template, one would hide "
                            + "the other");
                }
                resources.putIfAbsent(logicalId, entry.getValue());
            });
            resolved.path("Outputs").properties().forEach(entry ->
                    outputs.set(stack.name() + "/" + entry.getKey(), entry.getValue()));
        }
        ObjectNode template = NODES.objectNode();
        template.set("Resources", resources);
        template.set("Outputs", outputs);
        return template;
    }

    /**
     * A copy of the stack's template with each cross-stack reference replaced by a copy of the value it reads; one
     * whose export or stack name is computed is left as it is (nothing the local runtime reads has one).
     */
    public ObjectNode resolved(Stack stack) {
        return (ObjectNode) resolve(stack.template(), stack.name(), new LinkedHashSet<>());
    }

    /** A copy of the node, references resolved; {@code resolving} holds the outputs being resolved around it. */
    private JsonNode resolve(JsonNode node, String reader, SequencedSet<String> resolving) {
        Output output = referenced(node, reader);
        if (output != null) {
            // resolved in its turn: a stack may output a value it read from another
            if (!resolving.add(output.key())) {
                throw new UnresolvableTemplateException("the outputs " + resolving + " read each other");
            }
            JsonNode value = resolve(output.value(), output.stack(), resolving);
            resolving.remove(output.key());
            return value;
        }
        if (node.isArray()) {
            ArrayNode copy = NODES.arrayNode(node.size());
            node.forEach(element -> copy.add(resolve(element, reader, resolving)));
            return copy;
        }
        if (node.isObject()) {
            ObjectNode copy = NODES.objectNode();
            node.properties().forEach(field -> copy.set(field.getKey(), resolve(field.getValue(), reader, resolving)));
            return copy;
        }
        return node; // a value node: immutable, shared safely
    }

    /** The output a cross-stack reference reads, or null when the node is none; {@code reader} names its stack. */
    private Output referenced(JsonNode node, String reader) {
        if (!node.isObject() || node.size() != 1) {
            return null;
        }
        JsonNode exportName = node.path(IMPORT);
        if (exportName.isTextual()) {
            Output export = exports.get(exportName.asText());
            if (export == null) {
                throw new UnresolvableTemplateException("stack " + reader + " imports " + exportName.asText()
                        + ", which no stack of the cloud assembly " + directory + " exports (synthesize it again: "
                        + "./scaleout synth)");
            }
            return export;
        }
        JsonNode stackName = node.path(STACK_OUTPUT).path("StackName");
        JsonNode outputName = node.path(STACK_OUTPUT).path("OutputName");
        if (stackName.isTextual() && outputName.isTextual()) {
            Stack producer = stacks.get(stackName.asText());
            JsonNode value = producer == null ? NODES.missingNode()
                    : producer.template().path("Outputs").path(outputName.asText()).path("Value");
            if (value.isMissingNode()) {
                throw new UnresolvableTemplateException("stack " + reader + " reads the output " + outputName.asText()
                        + " of stack " + stackName.asText() + ", which the cloud assembly " + directory + " does not "
                        + "have (synthesize it again: ./scaleout synth)");
            }
            return new Output(stackName.asText() + "/" + outputName.asText(), stackName.asText(), value);
        }
        return null;
    }

    private static Map<String, Output> exportsOf(Iterable<Stack> stacks) {
        var exports = new HashMap<String, Output>();
        for (Stack stack : stacks) {
            stack.template().path("Outputs").forEach(output -> {
                JsonNode name = output.path("Export").path("Name");
                if (name.isTextual()) {
                    Output earlier = exports.put(name.asText(),
                            new Output(name.asText(), stack.name(), output.path("Value")));
                    if (earlier != null) {
                        throw new UnresolvableTemplateException("the stacks " + earlier.stack() + " and "
                                + stack.name() + " both export " + name.asText());
                    }
                }
            });
        }
        return Map.copyOf(exports);
    }

    private static ObjectNode template(Path file, String stack) {
        JsonNode template = readJson(file, "stack " + stack + "'s template");
        if (!template.isObject()) {
            throw new UnresolvableTemplateException("stack " + stack + "'s template " + file + " is not a JSON object");
        }
        return (ObjectNode) template;
    }

    private static JsonNode readJson(Path file, String what) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + what + " " + file, e);
        }
    }
}
