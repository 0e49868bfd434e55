package com.scaleout.local.backends;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.net.URI;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * DynamoDB and Streams clients straight to one moto_server (no gate), for the tools that compare moto processes
 * side by side: the patch layer's equivalence test and {@code ./scaleout bench moto}. Also the one S3 client to a
 * local stack's S3 and Glue from outside it ({@link #s3}, {@link #glue}).
 */
public record MotoClients(DynamoDbClient dynamoDb, DynamoDbStreamsClient streams) implements AutoCloseable {
    /** moto_server takes any credentials; these are the ones the local runtime's own clients use. */
    private static final StaticCredentialsProvider LOCAL =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    public static MotoClients direct(int port, Consumer<ClientOverrideConfiguration.Builder> configuration) {
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        return new MotoClients(
                DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                        .credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create())
                        .overrideConfiguration(configuration).build(),
                DynamoDbStreamsClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                        .credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create())
                        .overrideConfiguration(configuration).build());
    }

    /**
     * An S3 client to the local stack's S3 at {@code endpoint} (its backend URL, e.g. {@code
     * Backends.dynamoDbEndpoint()}): path-style addressing, the region the runtime creates its buckets in, the local
     * credentials. For the tools and tests that read the stack's buckets from outside it ({@code ./scaleout
     * warehouse}, the benchmarks, the integration tests).
     */
    public static S3Client s3(URI endpoint) {
        return S3Client.builder().endpointOverride(endpoint).forcePathStyle(true)
                .region(Region.of(RuntimeEnvironment.region())).credentialsProvider(LOCAL)
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    /** A Glue client to the local stack's catalog at {@code endpoint}, as {@link #s3} is to its S3. */
    public static GlueClient glue(URI endpoint) {
        return GlueClient.builder().endpointOverride(endpoint).region(Region.of(RuntimeEnvironment.region()))
                .credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build();
    }

    @Override
    public void close() {
        dynamoDb.close();
        streams.close();
    }
}
