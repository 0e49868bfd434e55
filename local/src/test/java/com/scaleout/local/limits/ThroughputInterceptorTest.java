package com.scaleout.local.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.TableSpec;
import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.SideReads;
import com.scaleout.local.cost.TableKeys;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The interceptor on a real SDK client (registered, as in the runtime, by the SDK's global list on the classpath),
 * against a stand-in for DynamoDB that answers every call with success and counts what reached it.
 */
class ThroughputInterceptorTest {
    /** About 1.5 KB: two write units. */
    private static final Map<String, AttributeValue> ALBUM = Map.of("albumID", AttributeValue.fromS("a1"),
            "profile", AttributeValue.fromS("x".repeat(1_500)));

    private final List<String> reached = new CopyOnWriteArrayList<>();
    private HttpServer dynamoDb;

    @BeforeEach
    void startDynamoDb() throws IOException {
        dynamoDb = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        dynamoDb.createContext("/", exchange -> {
            reached.add(exchange.getRequestHeaders().getFirst("x-amz-target"));
            byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        dynamoDb.start();
        // AWS / 1,000: one write unit a second per partition, so a put of the album uses up two seconds of it
        ThroughputInterceptor.enforce(new DynamoDbThroughput(new AwsLimits(1_000), "us-east-1"),
                new CapacityCalculator(new TableKeys(List.of(TableSpec.of("Albums",
                        TableSpec.KeyAttribute.string("albumID")))), new NoItems()));
    }

    @AfterEach
    void stop() {
        ThroughputInterceptor.stop();
        dynamoDb.stop(0);
    }

    @Test
    void aThrottledAttemptNeverReachesDynamoDbAndTheSdkRetriesUntilThePartitionHasRoom() {
        try (var client = client(builder -> { })) {
            client.putItem(put -> put.tableName("Albums").item(ALBUM));
            long start = System.nanoTime();
            client.putItem(put -> put.tableName("Albums").item(ALBUM)); // the partition is a second in debt

            assertThat(reached).containsExactly("DynamoDB_20120810.PutItem", "DynamoDB_20120810.PutItem");
            assertThat(System.nanoTime() - start).as("waited for the partition to refill")
                    .isGreaterThan(500_000_000L);
        }
    }

    @Test
    void withoutRetriesTheCallerGetsDynamoDbsThrottlingError() {
        try (var client = client(builder -> builder.overrideConfiguration(o -> o.retryStrategy(
                AwsRetryStrategy.doNotRetry())))) {
            client.putItem(put -> put.tableName("Albums").item(ALBUM));

            assertThatThrownBy(() -> client.putItem(put -> put.tableName("Albums").item(ALBUM)))
                    .isInstanceOfSatisfying(ProvisionedThroughputExceededException.class, e -> {
                        assertThat(e.statusCode()).isEqualTo(400);
                        assertThat(e.isThrottlingException()).isTrue();
                        assertThat(e.throttlingReasons()).singleElement().satisfies(reason -> {
                            assertThat(reason.reason()).isEqualTo("TableWriteKeyRangeThroughputExceeded");
                            assertThat(reason.resource()).endsWith(":table/Albums");
                        });
                    });
            assertThat(reached).hasSize(1);
            client.getItem(get -> get.tableName("Albums").key(Map.of("albumID", AttributeValue.fromS("a2"))));
            assertThat(reached).as("another key is served").hasSize(2);
        }
    }

    private DynamoDbClient client(java.util.function.Consumer<DynamoDbClientBuilder> tuning) {
        var builder = DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:"
                        + dynamoDb.getAddress().getPort())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create());
        tuning.accept(builder);
        return builder.build();
    }

    /** A table with nothing in it yet: a put's item is as large as it writes it. */
    private static final class NoItems implements SideReads {
        @Override
        public Map<String, AttributeValue> item(String table, Map<String, AttributeValue> key) {
            return Map.of();
        }

        @Override
        public List<Map<String, AttributeValue>> query(QueryRequest request) {
            return List.of();
        }

        @Override
        public List<Map<String, AttributeValue>> scan(ScanRequest request) {
            return List.of();
        }
    }
}
