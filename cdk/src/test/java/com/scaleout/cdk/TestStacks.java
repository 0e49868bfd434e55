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
import software.amazon.awscdk.CfnResource;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Template;
import software.amazon.awscdk.services.lambda.Function;

/** Builds stacks for tests and reads what the template grants, without a functions build. */
final class TestStacks {
    private TestStacks() {
    }

    record Synthesized(ScaleoutStack stack, Template template) {
        String logicalId(software.constructs.IConstruct construct) {
            return stack.getLogicalId((CfnResource) construct.getNode().getDefaultChild());
        }

        /** Every action the function's role may perform on {@code resource} (a resolved token, e.g. a GetAtt). */
        Set<String> actionsOn(Function function, Object resource) {
            Object roleRef = stack.resolve(function.getRole().getRoleName());
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
            return Path.of(((App) stack.getNode().getRoot()).getOutdir()).resolve("asset." + s3Key);
        }

        Object resolve(Object token) {
            return stack.resolve(token);
        }
    }

    static Synthesized synth(Declaration declaration, ScaleoutStackConfig config) {
        App app = new App();
        var stack = new ScaleoutStack(app, "Scaleout-" + config.stage(), StackProps.builder().build(),
                declaration, config);
        return new Synthesized(stack, Template.fromStack(stack));
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
