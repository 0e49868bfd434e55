package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import software.amazon.awscdk.App;
import software.amazon.awscdk.CfnElement;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Matcher;
import software.amazon.awscdk.assertions.Template;
import software.amazon.awscdk.cxapi.CloudAssembly;
import software.amazon.awscdk.cxapi.SynthesisMessage;
import software.amazon.awscdk.cxapi.SynthesisMessageLevel;
import software.amazon.awscdk.services.lambda.Function;

/** Builds stacks for tests and reads what the template grants, without a functions build. */
final class TestStacks {
    private TestStacks() {
    }

    /**
     * A stage's stacks and one template of them all: every stack's resources and outputs, each weak cross-stack
     * reference ({@code Fn::GetStackOutput}) replaced by the output's value in its own stack, so that a reference
     * reads as the {@code Ref} or {@code Fn::GetAtt} it stands for and assertions need not know which stack holds
     * what.
     */
    record Synthesized(ScaleoutStacks stack, CloudAssembly assembly, Template template) {
        String logicalId(software.constructs.IConstruct construct) {
            CfnElement element = (CfnElement) construct.getNode().getDefaultChild();
            return Stack.of(element).getLogicalId(element);
        }

        /** The logical id of a CloudFormation element. */
        String logicalIdOf(CfnElement element) {
            return Stack.of(element).getLogicalId(element);
        }

        /** Every action the function's role may perform on {@code resource} (a resolved token, e.g. a GetAtt). */
        Set<String> actionsOn(Function function, Object resource) {
            Object roleRef = resolve(function.getRole().getRoleName());
            var actions = new LinkedHashSet<String>();
            // a role whose statements outgrow one inline policy gets the rest as managed "overflow" policies
            var policies = new java.util.ArrayList<Map<String, Object>>(
                    template.findResources("AWS::IAM::Policy").values());
            policies.addAll(template.findResources("AWS::IAM::ManagedPolicy").values());
            for (Map<String, Object> policy : policies) {
                Map<?, ?> props = (Map<?, ?>) policy.get("Properties");
                if (props.get("Roles") == null || !((List<?>) props.get("Roles")).contains(roleRef)) {
                    continue;
                }
                for (Object s : (List<?>) ((Map<?, ?>) props.get("PolicyDocument")).get("Statement")) {
                    Map<?, ?> statement = (Map<?, ?>) s;
                    boolean allowsOnResource = "Allow".equals(statement.get("Effect"))
                            && asList(statement.get("Resource")).contains(resource);
                    if (allowsOnResource) {
                        asList(statement.get("Action")).forEach(a -> actions.add((String) a));
                    }
                }
            }
            return actions;
        }

        /** The file the function's code is deployed from: the asset CDK staged for it in the cloud assembly. */
        Path deployedArtifact(Function function) {
            var resources = (Map<?, ?>) template.toJSON().get("Resources");
            var properties = (Map<?, ?>) ((Map<?, ?>) resources.get(logicalId(function))).get("Properties");
            Object s3Key = ((Map<?, ?>) properties.get("Code")).get("S3Key");
            return Path.of(((App) Stack.of(function).getNode().getRoot()).getOutdir()).resolve("asset." + s3Key);
        }

        /** A token as the template of the stack that owns it has it (a reference, not a cross-stack read). */
        Object resolve(Object token) {
            Object resolved = null;
            for (Stack each : stack.all()) {
                resolved = each.resolve(token);
                if (!String.valueOf(resolved).contains("Fn::GetStackOutput")) {
                    return resolved;
                }
            }
            return resolved;
        }

        /** The warnings of every stack that match. */
        List<SynthesisMessage> warnings(Object match) {
            return stack.all().stream().flatMap(s -> messages(assembly, s, SynthesisMessageLevel.WARNING, match)
                    .stream()).toList();
        }

        /** The errors of every stack that match. */
        List<SynthesisMessage> errors(Object match) {
            return stack.all().stream().flatMap(s -> messages(assembly, s, SynthesisMessageLevel.ERROR, match)
                    .stream()).toList();
        }

        /** The stack of one part ({@link ScaleoutStacks#DATA}, ...). */
        Stack part(String part) {
            return stack.all().stream().filter(s -> s.getStackName().endsWith("-" + part)).findFirst()
                    .orElseThrow(() -> new AssertionError("no stack " + part));
        }
    }

    /**
     * The stacks synthesized once. (Not {@code Template.fromStack} or {@code Annotations.fromStack} per stack: each
     * of those synthesizes the whole app again, forced, so six stacks cost seven synths.)
     */
    static Synthesized synth(Declaration declaration, ScaleoutStackConfig config) {
        App app = ScaleoutApp.newApp();
        var stacks = new ScaleoutStacks(app, declaration, config);
        CloudAssembly assembly = app.synth();
        return new Synthesized(stacks, assembly, Template.fromJSON(merged(stacks, assembly)));
    }

    /** A stack's template as synthesized in {@code assembly}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> template(CloudAssembly assembly, Stack stack) {
        return (Map<String, Object>) assembly.getStackArtifact(stack.getArtifactId()).getTemplate();
    }

    /**
     * A stack's messages of one level whose text matches, as {@code Annotations.fromStack(stack).findError("*",
     * match)} finds them, read from the assembly already synthesized.
     */
    static List<SynthesisMessage> messages(CloudAssembly assembly, Stack stack, SynthesisMessageLevel level,
                                           Object match) {
        Matcher matcher = match instanceof Matcher given ? given : Match.exact(match);
        return assembly.getStackArtifact(stack.getArtifactId()).getMessages().stream()
                .filter(message -> message.getLevel() == level)
                .filter(message -> !matcher.test(message.getEntry().getData()).hasFailed())
                .toList();
    }

    /** The stacks' templates as one (see {@link Synthesized}). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> merged(ScaleoutStacks stacks, CloudAssembly assembly) {
        var templates = new java.util.LinkedHashMap<String, Map<String, Object>>();
        stacks.all().forEach(s -> templates.put(s.getStackName(), template(assembly, s)));
        var resources = new java.util.LinkedHashMap<String, Object>();
        var outputs = new java.util.LinkedHashMap<String, Object>();
        templates.values().forEach(t -> {
            ((Map<String, Object>) t.getOrDefault("Resources", Map.of())).forEach((id, resource) -> {
                if (resources.putIfAbsent(id, resource) != null && !id.equals("CDKMetadata")) {
                    throw new AssertionError("two stacks have the logical id " + id);
                }
            });
            outputs.putAll((Map<String, Object>) t.getOrDefault("Outputs", Map.of()));
        });
        var merged = new java.util.LinkedHashMap<String, Object>();
        merged.put("Resources", withStackOutputs(resources, templates));
        merged.put("Outputs", withStackOutputs(outputs, templates));
        return merged;
    }

    /** {@code value} with every {@code Fn::GetStackOutput} replaced by the output's own value. */
    @SuppressWarnings("unchecked")
    private static <T> T withStackOutputs(T value, Map<String, Map<String, Object>> templates) {
        if (value instanceof Map<?, ?> map) {
            if (map.size() == 1 && map.get("Fn::GetStackOutput") instanceof Map<?, ?> read) {
                var producer = (Map<String, Object>) templates.get(String.valueOf(read.get("StackName")))
                        .get("Outputs");
                var output = (Map<String, Object>) producer.get(String.valueOf(read.get("OutputName")));
                return (T) withStackOutputs(output.get("Value"), templates);
            }
            var copy = new java.util.LinkedHashMap<Object, Object>();
            map.forEach((k, v) -> copy.put(k, withStackOutputs(v, templates)));
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            return (T) list.stream().map(v -> withStackOutputs(v, templates)).toList();
        }
        return value;
    }

    /** {@code Code.fromAsset} needs an existing file; its content does not matter to the template. */
    /** A stage's configuration with placeholder artifacts (of different content: an asset each) in {@code directory}. */
    static ScaleoutStackConfig config(String stage, Path directory) {
        return ScaleoutStackConfig.of(stage, placeholderJar(directory, "functions").toString(),
                placeholderJar(directory, "admin").toString(), placeholderJar(directory, "warehouse").toString());
    }

    static Path placeholderJar(Path directory, String name) {
        Path jar = directory.resolve(name + ".jar");
        try (var zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            zip.putNextEntry(new ZipEntry("placeholder.txt"));
            zip.write(("not a real artifact: " + name).getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jar;
    }

    /** A built web client as far as the stack cares: a directory with an index.html. */
    static Path webDist(Path directory) {
        Path dist = directory.resolve("web-dist");
        try {
            Files.createDirectories(dist);
            Files.writeString(dist.resolve(WebSite.INDEX), "<!doctype html><title>Scaleout</title>");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dist;
    }

    private static List<?> asList(Object value) {
        if (value == null) {
            return List.of();
        }
        return value instanceof Collection<?> c ? List.copyOf(c) : List.of(value);
    }
}
