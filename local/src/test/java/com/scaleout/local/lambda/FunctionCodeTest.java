package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.lambda.isolated.CountingHandler;
import com.scaleout.local.lambda.isolated.UnserializableAnswerHandler;
import com.scaleout.local.lambda.isolated.VariablesHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each execution environment of a function run from its artifact is a world of its own, as a fresh JVM would be. */
class FunctionCodeTest {
    private static final FunctionSpec COUNTING = FunctionSpec.of("Counting", CountingHandler.class.getName());

    private final ExecutorService callers = Executors.newCachedThreadPool();
    @TempDir
    Path dir;

    @AfterEach
    void close() {
        callers.shutdownNow();
    }

    private static APIGatewayV2HTTPEvent event(Map<String, String> query) {
        return APIGatewayV2HTTPEvent.builder().withRawPath("/").withQueryStringParameters(query).build();
    }

    private static String body(Object answer) {
        return ((APIGatewayV2HTTPResponse) answer).getBody();
    }

    @Test
    void twoEnvironmentsOfOneFunctionKeepTwoStaticCounters() throws Exception {
        var code = FunctionCode.artifact(TestArtifact.jar(dir, CountingHandler.class), Map.of());
        String holdKey = "hold-" + UUID.randomUUID();
        var hold = new CountDownLatch(1);
        System.getProperties().put(holdKey, hold);
        try (var pool = new FunctionPool(COUNTING, code)) {
            var held = callers.submit(() -> pool.invoke(event(Map.of("hold", holdKey))));
            await().atMost(Duration.ofSeconds(30)).until(() -> pool.environments() == 1 && pool.coldStarts() == 1);

            String second = body(pool.invoke(event(Map.of()))); // the first is busy: a second environment
            String third = body(pool.invoke(event(Map.of()))); // the second, warm
            hold.countDown();

            assertThat(pool.coldStarts()).isEqualTo(2);
            assertThat(body(held.get(30, TimeUnit.SECONDS))).isEqualTo("1");
            assertThat(second).isEqualTo("1");
            assertThat(third).isEqualTo("2");
        } finally {
            System.getProperties().remove(holdKey);
        }
    }

    @Test
    void twoFunctionsOfOneArtifactNeverShareAStaticField() throws Exception {
        var jar = TestArtifact.jar(dir, CountingHandler.class);
        try (var first = new FunctionPool(COUNTING, FunctionCode.artifact(jar, Map.of()));
             var second = new FunctionPool(FunctionSpec.of("Counting2", CountingHandler.class.getName()),
                     FunctionCode.artifact(jar, Map.of()))) {
            assertThat(body(first.invoke(event(Map.of())))).isEqualTo("1");
            assertThat(body(first.invoke(event(Map.of())))).isEqualTo("2");
            assertThat(body(second.invoke(event(Map.of())))).isEqualTo("1");
        }
    }

    @Test
    void sharedCodeIsOneWorldAsBefore() throws Exception {
        try (var first = new FunctionPool(COUNTING, FunctionCode.shared());
             var second = new FunctionPool(FunctionSpec.of("Counting2", CountingHandler.class.getName()),
                     FunctionCode.shared())) {
            int before = Integer.parseInt(body(first.invoke(event(Map.of()))));
            assertThat(body(second.invoke(event(Map.of())))).isEqualTo(Integer.toString(before + 1));
        }
    }

    @Test
    void anEnvironmentSeesItsOwnVariablesOnlyNeitherSystemPropertiesNorAnotherFunctions() throws Exception {
        var jar = TestArtifact.jar(dir, VariablesHandler.class, RuntimeEnvironment.class);
        String property = Settings.BCRYPT_COST.name();
        String before = System.getProperty(property);
        System.setProperty(property, "12"); // what every function saw when all read the JVM's properties
        try (var a = new FunctionPool(FunctionSpec.of("A", VariablesHandler.class.getName()),
                FunctionCode.artifact(jar, Map.of(Settings.STAGE.name(), "stage-a", Settings.AWS_REGION.name(),
                        "eu-west-1")));
             var b = new FunctionPool(FunctionSpec.of("B", VariablesHandler.class.getName()),
                     FunctionCode.artifact(jar, Map.of(Settings.STAGE.name(), "stage-b")))) {
            var seenByA = ((APIGatewayV2HTTPResponse) a.invoke(event(Map.of()))).getHeaders();
            var seenByB = ((APIGatewayV2HTTPResponse) b.invoke(event(Map.of()))).getHeaders();

            assertThat(seenByA).containsEntry("stage", "stage-a").containsEntry("bcrypt", "-")
                    .containsEntry("region", "eu-west-1").containsEntry("context-loader", "own");
            assertThat(seenByB).containsEntry("stage", "stage-b").containsEntry("bcrypt", "-")
                    .containsEntry("region", RuntimeEnvironment.region());
            assertThat(RuntimeEnvironment.given(Settings.STAGE)).isEmpty(); // the runtime's own copy is untouched
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    @Test
    void anAnswerThatDoesNotSerializeIsAFunctionError() throws Exception {
        var spec = FunctionSpec.of("Unserializable", UnserializableAnswerHandler.class.getName());
        try (var pool = new FunctionPool(spec, FunctionCode.shared())) {
            assertThatThrownBy(() -> pool.invoke(event(Map.of())))
                    .isInstanceOfSatisfying(InvocationException.class,
                            e -> assertThat(e.kind()).isEqualTo(InvocationException.Kind.FUNCTION_ERROR));
        }
    }

    @Test
    void aMissingArtifactIsAClearErrorNamingTheBuild() {
        assertThatThrownBy(() -> FunctionCode.artifact(dir.resolve("missing.jar"), Map.of()))
                .hasMessageContaining("missing.jar").hasMessageContaining("./scaleout build");
    }
}
