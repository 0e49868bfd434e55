package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.testing.RuntimeFixture;
import org.junit.jupiter.api.Test;

/**
 * The runtime of the production declaration, given the dev template (as the tests are, see local/pom.xml), gives
 * each function the template's variables and the local substitutions, and its pollers the template's mappings; a
 * test declaration (no template of its own) still gives every function every variable.
 */
class TemplateEnvironmentsIT {

    @Test
    void theProductionDeclarationRunsWithEachFunctionsTemplateEnvironment() throws Exception {
        assertThat(RuntimeEnvironment.variable(LocalSettings.TEMPLATE)).as("SCALEOUT_TEMPLATE").isPresent();
        try (var fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration())) {
            var runtime = fixture.runtime();
            var albums = runtime.environments().get("Albums");
            assertThat(albums).containsEntry(Settings.table("Albums").name(), "Albums")
                    .doesNotContainKey(Settings.table("Tweets").name())
                    .doesNotContainKey(Settings.REDIS_URL.name());
            assertThat(runtime.environments().get("SocialTweets"))
                    .containsEntry(Settings.REDIS_URL.name(), runtime.backends().redisUrl())
                    .containsEntry(Settings.REDIS_CLUSTER.name(), "false")
                    .containsEntry(Settings.DYNAMODB_ENDPOINT.name(), runtime.backends().dynamoDbEndpoint().toString());
            assertThat(runtime.pollers()).hasSameSizeAs(ScaleoutDeclaration.declaration().streamConsumers());
            assertThat(runtime.startTimes().summary()).contains("template");
            // the line the test gate's summary adds up, one per start
            assertThat(java.nio.file.Files.readAllLines(fixture.dataDir().resolve(LocalRuntime.START_TIMES_FILE)))
                    .singleElement().asString().matches("[0-9.]+\\t.*template=[0-9.]+.*");
        }
    }

    @Test
    void aTestDeclarationGivesEveryFunctionEveryVariable() throws Exception {
        var declaration = Declaration.builder()
                .table(TableSpec.of("Things", TableSpec.KeyAttribute.string("id")))
                .function(FunctionSpec.of("Lonely", "com.scaleout.functions.health.HealthHandler"))
                .build();
        try (var fixture = RuntimeFixture.start(declaration)) {
            assertThat(fixture.runtime().environments().get("Lonely"))
                    .containsEntry(Settings.table("Things").name(), "Things")
                    .containsKey(Settings.REDIS_URL.name());
        }
    }
}
