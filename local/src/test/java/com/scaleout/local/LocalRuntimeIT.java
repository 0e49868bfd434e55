package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.Probes;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.testing.TestDeclaration;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Start-up without given endpoints: own moto_server and redis-server children, tables created, children stopped. */
class LocalRuntimeIT {

    @Test
    void startsItsOwnBackendsCreatesTheDeclaredTablesAndStopsEveryChildOnClose() throws Exception {
        var config = new LocalConfig(0, Optional.empty(), Optional.empty(), Files.createTempDirectory("runtime-it"),
                Optional.empty(), java.time.Duration.ofMillis(100), AccountConcurrency.DEFAULT_LIMIT, Optional.empty());
        List<ManagedProcess> children;
        try (var runtime = LocalRuntime.start(TestDeclaration.declaration(), config)) {
            children = runtime.backends().children();
            assertThat(children).hasSize(2).allMatch(ManagedProcess::isAlive);
            var redis = URI.create(runtime.backends().redisUrl());
            assertThat(Probes.redisAnswers(redis.getHost(), redis.getPort())).isTrue();

            var table = runtime.dynamoDb().describeTable(r -> r.tableName(TestDeclaration.ITEMS)).table();
            assertThat(table.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
            assertThat(runtime.dynamoDb().describeTimeToLive(r -> r.tableName(TestDeclaration.BATCHED))
                    .timeToLiveDescription().attributeName()).isEqualTo("expiresAt");

            var health = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(runtime.url() + "/health")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
        }
        assertThat(children).noneMatch(ManagedProcess::isAlive);
    }

    @Test
    void creatingTablesTwiceIsHarmless() throws Exception {
        var backends = com.scaleout.local.testing.SharedBackends.get();
        com.scaleout.local.testing.SharedBackends.reset();
        var config = LocalConfig.fromEnvironment().withPort(0)
                .withBackends(backends.dynamoDbEndpoint().toString(), backends.redisUrl())
                .withDataDir(Files.createTempDirectory("runtime-it"));
        try (var first = LocalRuntime.start(TestDeclaration.declaration(), config)) {
            first.dynamoDb().putItem(r -> r.tableName(TestDeclaration.ITEMS).item(java.util.Map.of("pk",
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("kept"))));
        }
        try (var second = LocalRuntime.start(TestDeclaration.declaration(), config)) {
            assertThat(second.dynamoDb().getItem(r -> r.tableName(TestDeclaration.ITEMS).key(java.util.Map.of("pk",
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("kept")))).hasItem())
                    .isTrue();
        }
    }
}
