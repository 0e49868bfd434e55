package com.scaleout.local.tables;

import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates the declared tables, with their indexes, streams and TTL, unless they already exist. A busy moto_server
 * may time out any of these calls, having done its work or not, so each step reads back what is there before it
 * writes and is retried with backoff: a table or TTL that a timed-out attempt did create is what we wanted.
 */
public final class TableProvisioner {
    private static final Logger LOG = Logger.getLogger(TableProvisioner.class.getName());
    /** Enough for a moto_server busy with another runtime's start or a test's load; a dead one fails the start. */
    private static final Duration RETRY_BUDGET = Duration.ofSeconds(60);

    private final DynamoDbClient dynamoDb;
    private final Retry retry;

    public TableProvisioner(DynamoDbClient dynamoDb) {
        this(dynamoDb, Retry.exponential(Duration.ofMillis(100), Duration.ofSeconds(5), RETRY_BUDGET));
    }

    TableProvisioner(DynamoDbClient dynamoDb, Retry retry) {
        this.dynamoDb = dynamoDb;
        this.retry = retry;
    }

    public void ensureAll(List<TableSpec> tables) {
        tables.forEach(this::ensure);
    }

    public void ensure(TableSpec table) {
        retry.call(() -> createUnlessPresent(table), TableProvisioner::transientFailure);
        table.ttlAttribute().ifPresent(attribute -> retry.call(() -> enableTtlUnlessOn(table.name(), attribute),
                TableProvisioner::transientFailure));
    }

    /** Slow, refused or dropped calls and the service's own trouble; never a request it rejects. */
    static boolean transientFailure(RuntimeException e) {
        return e instanceof SdkClientException
                || (e instanceof AwsServiceException service
                    && (service.statusCode() >= 500 || service.isThrottlingException()));
    }

    private boolean createUnlessPresent(TableSpec table) {
        if (exists(table.name())) {
            return false;
        }
        try {
            dynamoDb.createTable(createRequest(table));
            LOG.info(() -> "created table " + table.name());
            return true;
        } catch (ResourceInUseException alreadyCreated) {
            return false; // another runtime, or an attempt of ours that timed out, created it: what we wanted
        }
    }

    private boolean enableTtlUnlessOn(String tableName, String attribute) {
        var status = dynamoDb.describeTimeToLive(r -> r.tableName(tableName)).timeToLiveDescription()
                .timeToLiveStatus();
        if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
            return false;
        }
        dynamoDb.updateTimeToLive(r -> r.tableName(tableName)
                .timeToLiveSpecification(t -> t.attributeName(attribute).enabled(true)));
        return true;
    }

    private boolean exists(String tableName) {
        try {
            dynamoDb.describeTable(r -> r.tableName(tableName));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    static CreateTableRequest createRequest(TableSpec table) {
        var builder = CreateTableRequest.builder()
                .tableName(table.name())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(table.keyAttributes().stream()
                        .map(k -> AttributeDefinition.builder().attributeName(k.name())
                                .attributeType(scalarType(k.type())).build())
                        .toList())
                .keySchema(keySchema(table.partitionKey(), table.sortKey().orElse(null)));
        if (!table.globalIndexes().isEmpty()) {
            builder.globalSecondaryIndexes(table.globalIndexes().stream()
                    .map(index -> GlobalSecondaryIndex.builder()
                            .indexName(index.name())
                            .keySchema(keySchema(index.partitionKey(), index.sortKey().orElse(null)))
                            .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                            .build())
                    .toList());
        }
        table.stream().ifPresent(view -> builder.streamSpecification(StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(StreamViewType.fromValue(view.name()))
                .build()));
        return builder.build();
    }

    private static List<KeySchemaElement> keySchema(TableSpec.KeyAttribute partition, TableSpec.KeyAttribute sort) {
        var schema = new ArrayList<KeySchemaElement>();
        schema.add(KeySchemaElement.builder().attributeName(partition.name()).keyType(KeyType.HASH).build());
        if (sort != null) {
            schema.add(KeySchemaElement.builder().attributeName(sort.name()).keyType(KeyType.RANGE).build());
        }
        return schema;
    }

    private static ScalarAttributeType scalarType(TableSpec.AttributeType type) {
        return switch (type) {
            case STRING -> ScalarAttributeType.S;
            case NUMBER -> ScalarAttributeType.N;
            case BINARY -> ScalarAttributeType.B;
        };
    }
}
