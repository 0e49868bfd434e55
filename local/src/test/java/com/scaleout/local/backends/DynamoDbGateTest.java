package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

class DynamoDbGateTest {
    private final CountDownLatch backendRelease = new CountDownLatch(1);
    private final AtomicInteger backendRequests = new AtomicInteger();
    private HttpServer backend;
    private DynamoDbGate gate;

    @BeforeEach
    void start() throws IOException {
        // a backend whose writes take until the test lets them finish
        backend = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        backend.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        backend.createContext("/", exchange -> {
            backendRequests.incrementAndGet();
            try {
                backendRelease.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        backend.start();
        gate = DynamoDbGate.start(URI.create("http://127.0.0.1:" + backend.getAddress().getPort()), 1, 8,
                Duration.ofMillis(200));
    }

    @AfterEach
    void stop() {
        backendRelease.countDown();
        gate.close();
        backend.stop(0);
    }

    private DynamoDbClient client() {
        return DynamoDbClient.builder().endpointOverride(gate.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("t", "t")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallTimeout(Duration.ofSeconds(30)))
                .build();
    }

    @Test
    void aRequestThatWaitedPastTheDeadlineIsAnsweredAsDynamoDbThrottlesAndNeverForwarded() throws Exception {
        try (var slow = client(); var next = client()) {
            var first = Thread.ofVirtual().start(() -> slow.putItem(r -> r.tableName("T")
                    .item(Map.of("pk", AttributeValue.fromS("a")))));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> backendRequests.get() == 1);

            assertThatThrownBy(() -> next.putItem(r -> r.tableName("T").item(Map.of("pk", AttributeValue.fromS("b")))))
                    .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                        assertThat(e.isThrottlingException()).isTrue();
                        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ThrottlingException");
                    });

            backendRelease.countDown();
            first.join(30_000);
            assertThat(backendRequests).hasValue(1);
            assertThat(gate.throttled()).isEqualTo(1);
        }
    }

    @Test
    void anS3RequestIsToldToSlowDown() throws Exception {
        var http = HttpClient.newHttpClient();
        var blocked = Thread.ofVirtual().start(() -> {
            try {
                http.send(HttpRequest.newBuilder(gate.endpoint().resolve("/bucket/a"))
                        .PUT(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> backendRequests.get() == 1);

        var answer = http.send(HttpRequest.newBuilder(gate.endpoint().resolve("/bucket/b")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.body()).contains("<Code>SlowDown</Code>");
        backendRelease.countDown();
        blocked.join(30_000);
    }
}
