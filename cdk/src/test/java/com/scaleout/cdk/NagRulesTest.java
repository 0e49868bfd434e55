package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.cxapi.SynthesisMessageLevel;
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

    /** The tests read findings from the one synthesized assembly: the same ones Annotations finds, not none. */
    @Test
    void theAssemblysFindingsAreTheOnesAnnotationsFinds() {
        App app = ScaleoutApp.newApp();
        var stacks = new ScaleoutStacks(app, ScaleoutDeclaration.declaration(), TestStacks.config("dev", tmp));
        new Bucket(stacks.data(), "Careless");
        var assembly = app.synth();
        var nag = Match.stringLikeRegexp("AwsSolutions-.*");

        var read = TestStacks.messages(assembly, stacks.data(), SynthesisMessageLevel.ERROR, nag);

        assertThat(read).extracting(error -> error.getId() + " " + error.getEntry().getData())
                .anySatisfy(error -> assertThat(error).contains("Careless").contains("AwsSolutions-S1"))
                .containsExactlyInAnyOrderElementsOf(Annotations.fromStack(stacks.data()).findError("*", nag).stream()
                        .map(error -> error.getId() + " " + error.getEntry().getData()).toList());
        assertThat(TestStacks.messages(assembly, stacks.data(), SynthesisMessageLevel.WARNING, "no such message"))
                .isEmpty();
    }
}
