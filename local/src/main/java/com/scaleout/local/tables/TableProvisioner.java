package com.scaleout.local.tables;

import com.scaleout.declaration.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
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

/** Creates the declared tables, with their indexes, streams and TTL, unless they already exist. */
public final class TableProvisioner {
    private static final Logger LOG = Logger.getLogger(TableProvisioner.class.getName());

    private final DynamoDbClient dynamoDb;

    public TableProvisioner(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    public void ensureAll(List<TableSpec> tables) {
        tables.forEach(this::ensure);
    }

    public void ensure(TableSpec table) {
        if (exists(table.name())) {
            return;
        }
        try {
            dynamoDb.createTable(createRequest(table));
            LOG.info(() -> "created table " + table.name());
        } catch (ResourceInUseException alreadyCreated) {
            return; // another runtime created it in between: what we wanted
        }
        table.ttlAttribute().ifPresent(attribute -> dynamoDb.updateTimeToLive(r -> r
                .tableName(table.name())
                .timeToLiveSpecification(t -> t.attributeName(attribute).enabled(true))));
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
