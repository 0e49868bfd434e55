package com.scaleout.local.cost;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Side reads on a client of their own, strongly consistent so that they see the write just made. Each request is
 * marked {@link #UNCOUNTED}: the SDK interceptors that watch every client of the JVM (the IAM check, the cost meter,
 * the throughput limits) leave it alone, since no function made it.
 */
public record ClientSideReads(DynamoDbClient client) implements SideReads {
    public static final ExecutionAttribute<Boolean> UNCOUNTED = new ExecutionAttribute<>("scaleout.side-read");

    /** True for a request a side read made. */
    public static boolean uncounted(ExecutionAttributes attributes) {
        return Boolean.TRUE.equals(attributes.getAttribute(UNCOUNTED));
    }

    @Override
    public Map<String, AttributeValue> item(String table, Map<String, AttributeValue> key) {
        var item = client.getItem(r -> r.tableName(table).key(key).consistentRead(true)
                .overrideConfiguration(o -> o.putExecutionAttribute(UNCOUNTED, true)));
        return item.hasItem() ? item.item() : Map.of();
    }

    @Override
    public List<Map<String, AttributeValue>> query(QueryRequest request) {
        return client.query(request.toBuilder().overrideConfiguration(o -> o.putExecutionAttribute(UNCOUNTED, true))
                .build()).items();
    }

    @Override
    public List<Map<String, AttributeValue>> scan(ScanRequest request) {
        return client.scan(request.toBuilder().overrideConfiguration(o -> o.putExecutionAttribute(UNCOUNTED, true))
                .build()).items();
    }
}
