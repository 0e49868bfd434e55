package com.scaleout.local.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.RouteThrottleSpec;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.HttpMethod;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The production declaration configured by the dev template: each function gets the template's variables and the
 * local substitutions, no more; a declaration that disagrees with the template fails naming both values.
 */
class TemplateConfigurationTest {
    private static final Declaration DECLARATION = ScaleoutDeclaration.declaration();
    private static final String ENDPOINT = "http://127.0.0.1:5999";
    private static final String REDIS = "redis://127.0.0.1:6399";
    private static final Path PATH = Path.of(RuntimeEnvironment.variable(LocalSettings.TEMPLATE).orElseThrow(
            () -> new AssertionError("SCALEOUT_TEMPLATE is not set (local/pom.xml sets it for the tests)")));
    private static final StackTemplate TEMPLATE = StackTemplate.read(PATH, new LocalNames("us-east-1",
            LocalNames.MOTO_ACCOUNT_ID, "127.0.0.1", 6399, id -> "local-" + id.toLowerCase(Locale.ROOT)));

    private static Map<String, Map<String, String>> environments() {
        return TemplateConfiguration.of(DECLARATION, TEMPLATE, PATH)
                .environments(new LocalSubstitutions(ENDPOINT, REDIS, "4", "http://127.0.0.1:3000"));
    }

    @Test
    void aFunctionGetsItsOwnTablesAndNoCacheItWasNotGiven() {
        Map<String, String> albums = environments().get("Albums");
        assertThat(albums).containsEntry(Settings.table("Albums").name(), "Albums")
                .containsEntry(Settings.DYNAMODB_ENDPOINT.name(), ENDPOINT)
                .containsEntry(Settings.S3_ENDPOINT.name(), ENDPOINT)
                .doesNotContainKey(Settings.table("Tweets").name())
                .doesNotContainKey(Settings.REDIS_URL.name());
        assertThat(environments().get("Health").keySet()).noneMatch(name -> name.startsWith("TABLE_"));
    }

    @Test
    void theCacheIsTheLocalRedisWithoutClusterOrTls() {
        assertThat(environments().get("SocialTweets")).containsEntry(Settings.REDIS_URL.name(), REDIS)
                .containsEntry(Settings.REDIS_CLUSTER.name(), "false");
    }

    @Test
    void thePushersPostToTheLocalGatewaysManagementEndpointAndNoOtherFunctionKnowsIt() {
        var environments = environments();
        for (String pusher : DECLARATION.webSocketApi(ScaleoutDeclaration.LIVE_API).pushers()) {
            assertThat(environments.get(pusher)).containsEntry(Settings.LIVE_ENDPOINT.name(),
                    "http://127.0.0.1:3000/live");
        }
        assertThat(environments.get(ScaleoutDeclaration.LIVE)).doesNotContainKey(Settings.LIVE_ENDPOINT.name());
    }

    @Test
    void theLiveApisStageIsTheTemplatesWithTheDeclaredThrottle() {
        var live = DECLARATION.webSocketApi(ScaleoutDeclaration.LIVE_API);
        var stage = TemplateConfiguration.of(DECLARATION, TEMPLATE, PATH).webSocketStage(live.name()).orElseThrow();
        assertThat(stage.apiId()).isEqualTo("live");
        assertThat(stage.stageName()).isEqualTo("dev");
        assertThat(stage.ratePerSecond()).isEqualTo(live.ratePerSecond());
        assertThat(stage.burst()).isEqualTo(live.burst());
    }

    @Test
    void aWebSocketThrottleTheTemplateDoesNotHaveIsAnError() {
        var live = DECLARATION.webSocketApi(ScaleoutDeclaration.LIVE_API);
        var halved = new com.scaleout.declaration.WebSocketApiSpec(live.name(), live.routes(),
                live.ratePerSecond() / 2, live.burst(), live.pushers());
        var changed = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), DECLARATION.functions(),
                DECLARATION.authorizers(), DECLARATION.routes(), DECLARATION.routeThrottles(),
                DECLARATION.streamConsumers(), java.util.List.of(halved));
        assertThatThrownBy(() -> TemplateConfiguration.of(changed, TEMPLATE, PATH))
                .hasMessageContaining("WebSocket API Live's throttle: declared " + live.ratePerSecond() / 2);
    }

    @Test
    void localTuningsGoOnlyToTheirReaders() {
        assertThat(environments().get("ImportApi")).containsEntry(Settings.IMPORT_WRITE_CONCURRENCY.name(), "4");
        assertThat(environments().get("SocialTweets")).doesNotContainKey(Settings.IMPORT_WRITE_CONCURRENCY.name());
    }

    /** The dev template has the admin routes and their secret; locally the key is given instead (LocalSubstitutions). */
    @Test
    void theAdminFunctionsAreInTheTemplateAndGetNoSecretLocally() {
        var environments = environments();
        var adminServing = DECLARATION.functions().stream().map(FunctionSpec::name)
                .filter(DECLARATION::servesAdminRoutes).toList();
        assertThat(adminServing).isNotEmpty().allSatisfy(function -> {
            assertThat(TEMPLATE.function(function).environment()).containsKey(Settings.ADMIN_KEY_SECRET_ARN.name());
            assertThat(environments.get(function)).doesNotContainKey(Settings.ADMIN_KEY_SECRET_ARN.name());
        });
    }

    @Test
    void anAdminFunctionTheTemplateDoesNotHaveIsAnErrorNamingTheOption() {
        var functions = new java.util.ArrayList<>(DECLARATION.functions());
        functions.add(FunctionSpec.of("Janitor", "x.Janitor"));
        var routes = new java.util.ArrayList<>(DECLARATION.routes());
        routes.add(RouteSpec.checkedByHandler(HttpMethod.POST, "/admin/sweep", "Janitor",
                RouteSpec.HandlerCredential.ADMIN_KEY));
        var changed = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), functions,
                DECLARATION.authorizers(), routes, DECLARATION.routeThrottles(), DECLARATION.streamConsumers(),
                DECLARATION.webSocketApis());
        assertThatThrownBy(() -> TemplateConfiguration.of(changed, TEMPLATE, PATH))
                .isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("the declaration has the function Janitor, the template none")
                .hasMessageContaining("-c adminRoutes=true");
    }

    @Test
    void aMemoryTheTemplateDoesNotHaveIsAnErrorNamingBoth() {
        FunctionSpec albums = DECLARATION.function("Albums");
        var functions = DECLARATION.functions().stream()
                .map(f -> f == albums ? f.memoryMb(albums.memoryMb() + 1) : f).toList();
        var changed = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), functions,
                DECLARATION.authorizers(), DECLARATION.routes(), DECLARATION.routeThrottles(),
                DECLARATION.streamConsumers(), DECLARATION.webSocketApis());
        assertThatThrownBy(() -> TemplateConfiguration.of(changed, TEMPLATE, PATH))
                .isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("Albums's memory (MB) is " + (albums.memoryMb() + 1) + " in the declaration, "
                        + albums.memoryMb() + " in the template");
    }

    @Test
    void aStreamMappingTheDeclarationDoesNotHaveIsAnError() {
        var changed = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), DECLARATION.functions(),
                DECLARATION.authorizers(), DECLARATION.routes(), DECLARATION.routeThrottles(),
                DECLARATION.streamConsumers().subList(1, DECLARATION.streamConsumers().size()),
                DECLARATION.webSocketApis());
        var dropped = DECLARATION.streamConsumers().get(0);
        assertThatThrownBy(() -> TemplateConfiguration.of(changed, TEMPLATE, PATH))
                .hasMessageContaining(dropped.function() + " reads " + dropped.table() + "'s stream in the template");
    }

    @Test
    void theStagesRouteThrottlesAreTheDeclaredOnes() {
        assertThat(TEMPLATE.routeThrottles()).extracting(RouteThrottleSpec::routeKey).containsExactlyInAnyOrderElementsOf(
                DECLARATION.routeThrottles().stream().map(RouteThrottleSpec::routeKey).toList());
        var first = DECLARATION.routeThrottles().getFirst();
        var others = DECLARATION.routeThrottles().subList(1, DECLARATION.routeThrottles().size());
        var halved = new java.util.ArrayList<>(others);
        halved.add(RouteThrottleSpec.of(first.routeKey(), first.ratePerSecond() / 2, first.burst(), first.reason()));
        var changed = new Declaration(DECLARATION.tables(), DECLARATION.buckets(), DECLARATION.functions(),
                DECLARATION.authorizers(), DECLARATION.routes(), halved, DECLARATION.streamConsumers(),
                DECLARATION.webSocketApis());

        assertThatThrownBy(() -> TemplateConfiguration.of(changed, TEMPLATE, PATH))
                .hasMessageContaining("route throttles").hasMessageContaining(first.routeKey());
    }
}
