package com.scaleout.local.backends;

import java.net.URI;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * DynamoDB and Streams clients straight to one moto_server (no gate), for the tools that compare moto processes
 * side by side: the patch layer's equivalence test and {@code ./scaleout bench moto}.
 */
public record MotoClients(DynamoDbClient dynamoDb, DynamoDbStreamsClient streams) implements AutoCloseable {

    public static MotoClients direct(int port, Consumer<ClientOverrideConfiguration.Builder> configuration) {
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
        return new MotoClients(
                DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                        .credentialsProvider(credentials).httpClient(UrlConnectionHttpClient.create())
                        .overrideConfiguration(configuration).build(),
                DynamoDbStreamsClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                        .credentialsProvider(credentials).httpClient(UrlConnectionHttpClient.create())
                        .overrideConfiguration(configuration).build());
    }

    @Override
    public void close() {
        dynamoDb.close();
        streams.close();
    }
}
