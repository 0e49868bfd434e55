package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stack the CDK app deploys, from the production declaration: whatever it declares today, with its web site, and
 * without the admin routes (a stage's default; AdminRoutesTest has them on).
 */
class ProductionStackTest {
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();

    @TempDir
    static Path tmp;

    private static ScaleoutStackConfig config;
    private static TestStacks.Synthesized synth;

    @BeforeAll
    static void synthesize() {
        config = TestStacks.config("dev", tmp)
                .withWebDist(TestStacks.webDist(tmp));
        synth = TestStacks.synth(DECLARATION, config);
    }

    @Test
    void everyDeclaredTableFunctionRouteAndConsumerIsInTheTemplate() {
        assertThat(synth.stack().webSite()).isPresent();
        DeclarationAssertions.assertStackMatches(synth, synth.stack().declaration(), config);
    }

    @Test
    void eachFunctionIsDeployedFromTheArtifactItShipsIn() throws IOException {
        assertThat(DECLARATION.functions()).extracting(FunctionSpec::artifact)
                .contains(Artifact.FUNCTIONS, Artifact.ADMIN);
        assertThat(DECLARATION.function(ScaleoutDeclaration.ADMIN).artifact()).isEqualTo(Artifact.ADMIN);
        for (FunctionSpec spec : synth.stack().declaration().functions()) {
            Path deployed = synth.deployedArtifact(synth.stack().functions().function(spec.name()));
            Path shipped = Path.of(config.jarPath(spec.artifact()));
            assertThat(Files.mismatch(deployed, shipped)).as("%s deployed from %s, not %s", spec.name(), deployed,
                    shipped).isEqualTo(-1L);
        }
    }

    @Test
    void costlyRoutesHaveThrottlesBelowTheStages() {
        assertThat(DECLARATION.routeThrottles()).extracting(t -> t.routeKey())
                .contains("POST /users", "POST /sessions", "POST /albums", "POST /v2/import/push", "POST /admin/seed");
        assertThat(DECLARATION.routeThrottles()).allSatisfy(t -> {
            assertThat(t.ratePerSecond()).as(t.routeKey()).isLessThan(HttpApiRoutes.RATE_LIMIT);
            assertThat(t.burst()).as(t.routeKey()).isLessThan(HttpApiRoutes.BURST_LIMIT);
        });
        // the template's route settings and the stage's dependencies: DeclarationAssertions
    }

    @Test
    void synthesizesWithoutWarningsOrErrors() {
        assertThat(synth.warnings(software.amazon.awscdk.assertions.Match.anyValue())).isEmpty();
        assertThat(synth.errors(software.amazon.awscdk.assertions.Match.anyValue())).isEmpty();
    }

    @Test
    void healthMayListTablesToProveConnectivity() {
        var health = synth.stack().functions().function(ScaleoutDeclaration.HEALTH);

        // "*" also carries the X-Ray tracing actions; the only DynamoDB action on it must be ListTables.
        assertThat(synth.actionsOn(health, "*")).filteredOn(a -> a.startsWith("dynamodb:"))
                .containsExactly("dynamodb:ListTables");
    }

    @Test
    void onlyHealthGetsListTables() {
        synth.stack().declaration().functions().stream()
                .filter(f -> !f.name().equals(ScaleoutDeclaration.HEALTH))
                .forEach(f -> assertThat(synth.actionsOn(synth.stack().functions().function(f.name()), "*"))
                        .as(f.name()).doesNotContain("dynamodb:ListTables"));
    }
}
