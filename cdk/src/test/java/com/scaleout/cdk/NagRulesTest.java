package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.s3.Bucket;

/**
 * cdk-nag's AwsSolutions pack runs on every stack (with the web site): nothing unsuppressed today, and a new violation
 * is caught.
 */
class NagRulesTest {
    @TempDir
    static Path tmp;

    private static TestStacks.Synthesized production(String stage) {
        return TestStacks.synth(ScaleoutDeclaration.declaration(),
                TestStacks.config(stage, tmp).withWebDist(TestStacks.webDist(tmp)));
    }

    @Test
    void theProductionStackHasNoUnsuppressedFindingInAnyStage() {
        for (String stage : new String[] {"dev", "prod"}) {
            var stacks = production(stage);

            assertThat(stacks.errors(Match.stringLikeRegexp("AwsSolutions-.*"))).as(stage).isEmpty();
            assertThat(stacks.warnings(Match.stringLikeRegexp("AwsSolutions-.*"))).as(stage).isEmpty();
        }
    }

    @Test
    void aResourceAddedWithoutCareIsReported() {
        var stacks = production("dev");
        new Bucket(stacks.stack().data(), "Careless");

        var errors = Annotations.fromStack(stacks.stack().data()).findError("*", Match.stringLikeRegexp("AwsSolutions-.*"));

        assertThat(errors).extracting(error -> error.getId() + " " + error.getEntry().getData())
                .anySatisfy(error -> assertThat(error).contains("Careless").contains("AwsSolutions-S1"));
    }
}
