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
import software.amazon.awscdk.services.dynamodb.EnableScalingProps;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.PointInTimeRecoverySpecification;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.dynamodb.UtilizationScalingProps;
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

    /** Provisioned tables and indexes start at this many units and scale between these bounds. */
    static final int MIN_CAPACITY = 5;
    static final int MAX_CAPACITY = 4_000;
    /** Target utilization: headroom for a burst while autoscaling (minutes) catches up. */
    static final double TARGET_UTILIZATION_PERCENT = 70;

    private Table table(TableSpec spec, ScaleoutStackConfig config) {
        boolean provisioned = config.capacity() == ScaleoutStackConfig.TableCapacity.PROVISIONED;
        var props = Table.Builder.create(this, spec.name())
                .partitionKey(attribute(spec.partitionKey()))
                // On-demand by default: capacity follows the load; provisioned once load tests say it pays.
                .billingMode(provisioned ? BillingMode.PROVISIONED : BillingMode.PAY_PER_REQUEST)
                .pointInTimeRecoverySpecification(PointInTimeRecoverySpecification.builder()
                        .pointInTimeRecoveryEnabled(true).build())
                .deletionProtection(config.protectsData())
                .removalPolicy(config.removalPolicy());
        if (provisioned) {
            props.readCapacity(MIN_CAPACITY).writeCapacity(MIN_CAPACITY);
        }
        spec.sortKey().ifPresent(k -> props.sortKey(attribute(k)));
        spec.stream().ifPresent(view -> props.stream(StreamViewType.valueOf(view.name())));
        spec.ttlAttribute().ifPresent(props::timeToLiveAttribute);
        Table table = props.build();
        spec.globalIndexes().forEach(index -> table.addGlobalSecondaryIndex(globalIndex(index, provisioned)));
        if (provisioned) {
            autoscale(table, spec);
        }
        return table;
    }

    /** Target tracking on reads and writes, of the table and of each of its indexes (each has its own capacity). */
    private static void autoscale(Table table, TableSpec spec) {
        var bounds = EnableScalingProps.builder().minCapacity(MIN_CAPACITY).maxCapacity(MAX_CAPACITY).build();
        var target = UtilizationScalingProps.builder().targetUtilizationPercent(TARGET_UTILIZATION_PERCENT).build();
        table.autoScaleReadCapacity(bounds).scaleOnUtilization(target);
        table.autoScaleWriteCapacity(bounds).scaleOnUtilization(target);
        for (IndexSpec index : spec.globalIndexes()) {
            table.autoScaleGlobalSecondaryIndexReadCapacity(index.name(), bounds).scaleOnUtilization(target);
            table.autoScaleGlobalSecondaryIndexWriteCapacity(index.name(), bounds).scaleOnUtilization(target);
        }
    }

    private static GlobalSecondaryIndexProps globalIndex(IndexSpec index, boolean provisioned) {
        var props = GlobalSecondaryIndexProps.builder()
                .indexName(index.name())
                .partitionKey(attribute(index.partitionKey()))
                .projectionType(ProjectionType.ALL);
        index.sortKey().ifPresent(k -> props.sortKey(attribute(k)));
        if (provisioned) {
            props.readCapacity(MIN_CAPACITY).writeCapacity(MIN_CAPACITY);
        }
        return props.build();
    }

    private static Attribute attribute(KeyAttribute key) {
        return Attribute.builder().name(key.name()).type(AttributeType.valueOf(key.type().name())).build();
    }
}
