package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.Probes;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.lambda.AccountConcurrency;
import com.scaleout.local.testing.TestDeclaration;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Start-up without given endpoints: own moto_server and redis-server children, tables created, children stopped. */
class LocalRuntimeIT {

    @Test
    void startsItsOwnBackendsCreatesTheDeclaredTablesAndStopsEveryChildOnClose() throws Exception {
        var config = new LocalConfig(0, Optional.empty(), Optional.empty(), Files.createTempDirectory("runtime-it"),
                Optional.empty(), java.time.Duration.ofMillis(100), AccountConcurrency.DEFAULT_LIMIT,
                LocalHttpApi.DEFAULT_EXECUTION_SLOTS, com.scaleout.local.lambda.EnvironmentCap.LAMBDA, Optional.empty(),
                Optional.empty(),
                com.scaleout.local.websocket.LiveLimits.aws(), Optional.empty(), Optional.empty());
        List<ManagedProcess> children;
        try (var runtime = LocalRuntime.start(TestDeclaration.declaration(), config)) {
            children = runtime.backends().children();
            // moto for the tables apart and for the rest, and redis-server
            assertThat(children).hasSize(3).allMatch(ManagedProcess::isAlive);
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
    void aStartOnATakenPortFailsBeforeStartingAnythingAndSaysWhichPort() throws Exception {
        var dataDir = Files.createTempDirectory("runtime-it");
        Set<Long> childrenBefore = liveChildren();
        Set<String> pollersBefore = pollerThreads();
        try (var taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            var config = new LocalConfig(port, Optional.empty(), Optional.empty(), dataDir, Optional.empty(),
                    java.time.Duration.ofMillis(100), AccountConcurrency.DEFAULT_LIMIT,
                LocalHttpApi.DEFAULT_EXECUTION_SLOTS, com.scaleout.local.lambda.EnvironmentCap.LAMBDA, Optional.empty(),
                Optional.empty(),
                com.scaleout.local.websocket.LiveLimits.aws(), Optional.empty(), Optional.empty());

            assertThatThrownBy(() -> LocalRuntime.start(TestDeclaration.declaration(), config).close())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + port)
                    .hasMessageContaining("set PORT")
                    .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n"));
        }
        // it failed before starting moto_server and redis-server: neither wrote a log, none is left running
        assertThat(dataDir.resolve("logs")).doesNotExist();
        assertThat(liveChildren()).isSubsetOf(childrenBefore);
        assertThat(pollerThreads()).isSubsetOf(pollersBefore);
    }

    private static Set<Long> liveChildren() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    /** The stream pollers' threads ({@code stream-<consumer>}). */
    private static Set<String> pollerThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("stream-")).collect(Collectors.toSet());
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
