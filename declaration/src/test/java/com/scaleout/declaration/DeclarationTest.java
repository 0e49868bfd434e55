package com.scaleout.declaration;

import static com.scaleout.declaration.HttpMethod.GET;
import static com.scaleout.declaration.TableSpec.KeyAttribute.string;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DeclarationTest {

    @Test
    void productionDeclarationIsValidAndServesHealth() {
        var declaration = ScaleoutDeclaration.declaration();
        assertThat(declaration.routesByKey()).containsKey("GET /health");
        assertThat(declaration.routesByKey().get("GET /health").authorizer()).isEmpty();
    }

    /** A write route honours Idempotency-Key only if its function may keep the keys (issue 21). */
    @Test
    void everyFunctionServingAWriteRouteReadsAndWritesTheIdempotencyKeys() {
        var declaration = ScaleoutDeclaration.declaration();
        var keepers = declaration.routes().stream().filter(route -> route.method() != GET)
                .map(RouteSpec::function).distinct().toList();
        assertThat(keepers).isNotEmpty().allSatisfy(function -> assertThat(declaration.function(function).tables())
                .as(function).contains(new FunctionSpec.TableAccess(ScaleoutDeclaration.IDEMPOTENCY_KEYS,
                        FunctionSpec.TableAccess.Mode.READ_WRITE)));
    }

    @Test
    void rejectsDanglingReferencesAllAtOnce() {
        var builder = Declaration.builder()
                .table(TableSpec.of("Plain", string("pk")))
                .function(FunctionSpec.of("Echo", "x.Echo").reads("Missing"))
                .route(RouteSpec.authorized(GET, "/a", "Nobody", "NoAuth"))
                .streamConsumer(StreamConsumerSpec.of("Plain", "Echo"));

        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("function Echo uses unknown table Missing")
                .hasMessageContaining("route GET /a uses unknown function Nobody")
                .hasMessageContaining("route GET /a uses unknown authorizer NoAuth")
                .hasMessageContaining("reads table Plain, which has no stream");
    }

    /** The event source mapping's failure handling is declared once, on by default, each switchable on its own. */
    @Test
    void aStreamConsumerReportsItemFailuresAndBisectsUnlessItSaysOtherwise() {
        var consumer = StreamConsumerSpec.of("Tweets", "Fanout").retryAttempts(5).maximumRecordAgeSeconds(3_600);
        assertThat(consumer.reportsBatchItemFailures()).isTrue();
        assertThat(consumer.bisectsOnError()).isTrue();
        assertThat(new StreamConsumerSpec("T", "F", 10, 0, 1, 1, StreamConsumerSpec.StartingPosition.LATEST)
                .bisectsOnError()).isTrue();

        var plain = consumer.reportsBatchItemFailures(false).bisectsOnError(false).batchSize(50);
        assertThat(plain.reportsBatchItemFailures()).isFalse();
        assertThat(plain.bisectsOnError()).isFalse();
        assertThat(plain.retryAttempts()).isEqualTo(5);
        assertThat(plain.maximumRecordAgeSeconds()).isEqualTo(3_600);
        assertThat(consumer.bisectsOnError(false).reportsBatchItemFailures()).isTrue();
    }

    @Test
    void rejectsDuplicateRouteKeys() {
        var builder = Declaration.builder()
                .function(FunctionSpec.of("Echo", "x.Echo"))
                .route(RouteSpec.publicRoute(GET, "/a/{id}", "Echo"))
                .route(RouteSpec.publicRoute(GET, "/a/{id}", "Echo"));

        assertThatThrownBy(builder::build).hasMessageContaining("duplicate route GET /a/{id}");
    }

    @Test
    void routeThrottlesMustNameADeclaredRouteOnceAndSayWhy() {
        var builder = Declaration.builder()
                .function(FunctionSpec.of("Echo", "x.Echo"))
                .route(RouteSpec.publicRoute(GET, "/a", "Echo"))
                .routeThrottle(RouteThrottleSpec.of("GET /a", 10, 20, "costly"))
                .routeThrottle(RouteThrottleSpec.of("GET /a", 5, 10, "costly twice"))
                .routeThrottle(RouteThrottleSpec.of("GET /b", 10, 20, "no such route"));

        assertThatThrownBy(builder::build).hasMessageContaining("duplicate route throttle GET /a")
                .hasMessageContaining("throttle of unknown route GET /b");
        assertThatThrownBy(() -> RouteThrottleSpec.of("GET /a", 10, 20, " ")).hasMessageContaining("say why");
        assertThatThrownBy(() -> RouteThrottleSpec.of("GET /a", 0, 20, "x")).hasMessageContaining("positive");
    }

    /** A stage without admin routes has no admin route, no throttle of one, and no function left serving nothing. */
    @Test
    void withoutAdminRoutesTheFunctionsThatServedOnlyThemGoToo() {
        var declaration = ScaleoutDeclaration.declaration();
        var without = declaration.withoutAdminRoutes();

        assertThat(without.routes()).noneMatch(RouteSpec::isAdminRoute)
                .containsExactlyElementsOf(declaration.routes().stream().filter(r -> !r.isAdminRoute()).toList());
        assertThat(without.routeThrottles()).noneMatch(t -> t.routeKey().contains(" /admin/"))
                .isNotEmpty();
        assertThat(declaration.functions()).extracting(FunctionSpec::name)
                .filteredOn(name -> !without.functions().stream().map(FunctionSpec::name).toList().contains(name))
                .containsExactlyInAnyOrder(ScaleoutDeclaration.ADMIN, ScaleoutDeclaration.IMPORT_KEYS_ADMIN);
        assertThat(without.tables()).isEqualTo(declaration.tables());
        assertThat(without.streamConsumers()).isEqualTo(declaration.streamConsumers());
        assertThat(without.withoutAdminRoutes()).isEqualTo(without);
    }

    @Test
    void aFunctionServingAnAdminRouteAndAnotherStaysWithoutTheAdminRoute() {
        var declaration = Declaration.builder()
                .function(FunctionSpec.of("Both", "x.Both"))
                .function(FunctionSpec.of("AdminOnly", "x.AdminOnly"))
                .route(RouteSpec.publicRoute(GET, "/things", "Both"))
                .route(RouteSpec.checkedByHandler(GET, "/admin/things", "Both", RouteSpec.HandlerCredential.ADMIN_KEY))
                .route(RouteSpec.checkedByHandler(GET, "/admin/other", "AdminOnly",
                        RouteSpec.HandlerCredential.ADMIN_KEY))
                .routeThrottle(RouteThrottleSpec.of("GET /admin/other", 1, 2, "costly"))
                .build();

        var without = declaration.withoutAdminRoutes();

        assertThat(without.functions()).extracting(FunctionSpec::name).containsExactly("Both");
        assertThat(without.routesByKey()).containsOnlyKeys("GET /things");
        assertThat(without.routeThrottles()).isEmpty();
    }

    @Test
    void routePathsFollowApiGatewaySyntax() {
        assertThat(RouteSpec.publicRoute(GET, "/tweets/{id}/replies", "F").routeKey())
                .isEqualTo("GET /tweets/{id}/replies");
        assertThat(RouteSpec.publicRoute(GET, "/files/{proxy+}", "F").path()).isEqualTo("/files/{proxy+}");
        assertThatThrownBy(() -> RouteSpec.publicRoute(GET, "/a/{proxy+}/b", "F"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RouteSpec.publicRoute(GET, "tweets", "F"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tableEnvironmentVariablesAndKeyAttributesDeriveFromTheDeclaration() {
        var table = TableSpec.of("ImportRecords", string("pk")).sortKey(string("sk"))
                .globalIndex(TableSpec.IndexSpec.of("ByClient", string("clientId"), string("sk")));

        assertThat(table.environmentVariable()).isEqualTo("TABLE_IMPORT_RECORDS");
        assertThat(table.keyAttributes()).extracting(TableSpec.KeyAttribute::name)
                .containsExactly("pk", "sk", "clientId");
    }
}
