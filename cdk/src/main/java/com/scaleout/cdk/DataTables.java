package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.TableSpec;
import com.scaleout.declaration.TableSpec.IndexSpec;
import com.scaleout.declaration.TableSpec.KeyAttribute;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.constructs.Construct;

/**
 * One DynamoDB table per {@link TableSpec}. Physical names are left to CloudFormation (so stages never collide)
 * and reach functions through {@link TableSpec#environmentVariable()}.
 *
 * <p>{@link Table} ({@code AWS::DynamoDB::Table}) rather than {@code TableV2} ({@code AWS::DynamoDB::GlobalTable}):
 * we need a single region, and the plain table type is the one every emulator testers deploy to understands.
 */
public final class DataTables extends Construct {
    private final Map<String, Table> byName = new LinkedHashMap<>();

    public DataTables(Construct scope, String id, Declaration declaration, ScaleoutStackConfig config) {
        super(scope, id);
        for (TableSpec spec : declaration.tables()) {
            byName.put(spec.name(), table(spec, config));
        }
    }

    /** The table declared under {@code name}. */
    public Table table(String name) {
        Table table = byName.get(name);
        if (table == null) {
            throw new IllegalArgumentException("no table " + name);
        }
        return table;
    }

    public Map<String, Table> all() {
        return Collections.unmodifiableMap(byName);
    }

    private Table table(TableSpec spec, ScaleoutStackConfig config) {
        var props = Table.Builder.create(this, spec.name())
                .partitionKey(attribute(spec.partitionKey()))
                // On-demand: capacity follows the load; no capacity planning before the load tests say otherwise.
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder()
                        .pointInTimeRecoveryEnabled(true).build())
                .removalPolicy(config.removalPolicy());
        spec.sortKey().ifPresent(k -> props.sortKey(attribute(k)));
        spec.stream().ifPresent(view -> props.stream(StreamViewType.valueOf(view.name())));
        spec.ttlAttribute().ifPresent(props::timeToLiveAttribute);
        Table table = props.build();
        spec.globalIndexes().forEach(index -> table.addGlobalSecondaryIndex(globalIndex(index)));
        return table;
    }

    private static GlobalSecondaryIndexProps globalIndex(IndexSpec index) {
        var props = GlobalSecondaryIndexProps.builder()
                .indexName(index.name())
                .partitionKey(attribute(index.partitionKey()))
                .projectionType(ProjectionType.ALL);
        index.sortKey().ifPresent(k -> props.sortKey(attribute(k)));
        return props.build();
    }

    private static Attribute attribute(KeyAttribute key) {
        return Attribute.builder().name(key.name()).type(AttributeType.valueOf(key.type().name())).build();
    }
}
