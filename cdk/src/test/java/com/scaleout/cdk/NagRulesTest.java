package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.s3.Bucket;

/**
 * cdk-nag's AwsSolutions pack runs on the stack (with its web site): nothing unsuppressed today, and a new violation
 * is caught.
 */
class NagRulesTest {
    @TempDir
    static Path tmp;

    private static ScaleoutStack production(String stage) {
        return new ScaleoutStack(new App(), "Scaleout-" + stage, StackProps.builder().build(),
                ScaleoutDeclaration.declaration(),
                TestStacks.config(stage, tmp)
                        .withWebDist(TestStacks.webDist(tmp)));
    }

    @Test
    void theProductionStackHasNoUnsuppressedFindingInAnyStage() {
        for (String stage : new String[] {"dev", "prod"}) {
            var annotations = Annotations.fromStack(production(stage));

            assertThat(annotations.findError("*", Match.stringLikeRegexp("AwsSolutions-.*"))).as(stage).isEmpty();
            assertThat(annotations.findWarning("*", Match.stringLikeRegexp("AwsSolutions-.*"))).as(stage).isEmpty();
        }
    }

    @Test
    void aResourceAddedWithoutCareIsReported() {
        var stack = production("dev");
        new Bucket(stack, "Careless");

        var errors = Annotations.fromStack(stack).findError("*", Match.stringLikeRegexp("AwsSolutions-.*"));

        assertThat(errors).extracting(error -> error.getId() + " " + error.getEntry().getData())
                .anySatisfy(error -> assertThat(error).contains("Careless").contains("AwsSolutions-S1"));
    }
}
