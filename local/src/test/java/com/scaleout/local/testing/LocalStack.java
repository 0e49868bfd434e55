package com.scaleout.local.testing;

import java.net.URI;
import org.testcontainers.containers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * LocalStack for the {@code localstack} profile: one container per test JVM (DynamoDB with its streams, and S3 on
 * the same edge port), through Testcontainers. {@link LocalStackAvailability} skips the tests without a Docker
 * engine before they get here.
 */
final class LocalStack {
    /** Pinned, so that a run means the same thing next month. */
    static final String IMAGE = "localstack/localstack:4.4.0";

    private static LocalStackContainer container;

    private LocalStack() {
    }

    static synchronized String endpoint() {
        if (container == null) {
            container = new LocalStackContainer(DockerImageName.parse(IMAGE))
                    .withServices(LocalStackContainer.Service.DYNAMODB, LocalStackContainer.Service.S3);
            container.start();
            Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "stop-localstack"));
        }
        return container.getEndpoint().toString();
    }

    /** What moto's reset does for the moto runs: no table, no bucket left (the runtime recreates its own). */
    static void empty(URI endpoint) {
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"));
        try (var dynamoDb = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(credentials).build();
             var s3 = S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                     .credentialsProvider(credentials).build()) {
            for (String table : dynamoDb.listTables().tableNames()) {
                dynamoDb.deleteTable(delete -> delete.tableName(table));
                dynamoDb.waiter().waitUntilTableNotExists(wait -> wait.tableName(table));
            }
            for (var bucket : s3.listBuckets().buckets()) {
                s3.listObjectsV2Paginator(list -> list.bucket(bucket.name())).contents().forEach(object ->
                        s3.deleteObject(delete -> delete.bucket(bucket.name()).key(object.key())));
                s3.deleteBucket(delete -> delete.bucket(bucket.name()));
            }
        }
    }
}
