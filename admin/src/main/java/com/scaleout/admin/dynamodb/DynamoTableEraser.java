package com.scaleout.admin.dynamodb;

import com.scaleout.admin.application.DataEraser;
import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.aws.Batches;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Empties a table by scanning its keys a page at a time and deleting them in batches of 25 ({@link Batches}), pass after pass until
 * a pass finds nothing. Each call starts afresh: what an earlier call deleted is gone, so no position is kept.
 */
public final class DynamoTableEraser implements DataEraser {
    private static final int PAGE = 1_000;
    private static final int BATCH = 25;

    /** A table as the eraser needs it: its physical name and key attribute names. */
    public record Table(String physicalName, List<String> keyAttributes) {
        public static Table of(TableSpec spec, String physicalName) {
            var keys = new ArrayList<String>();
            keys.add(spec.partitionKey().name());
            spec.sortKey().ifPresent(sort -> keys.add(sort.name()));
            return new Table(physicalName, keys);
        }
    }

    private final DynamoDbClient dynamoDb;
    private final Map<String, Table> tables;

    /** {@code tables}: by logical name. */
    public DynamoTableEraser(DynamoDbClient dynamoDb, Map<String, Table> tables) {
        this.dynamoDb = dynamoDb;
        this.tables = Map.copyOf(tables);
    }

    @Override
    public Erased erase(String store, Instant deadline) {
        Table table = tables.get(store);
        if (table == null) {
            throw new IllegalArgumentException("no table " + store);
        }
        var names = new java.util.HashMap<String, String>();
        var projection = new ArrayList<String>();
        for (int i = 0; i < table.keyAttributes().size(); i++) {
            names.put("#k" + i, table.keyAttributes().get(i));
            projection.add("#k" + i);
        }
        long deleted = 0;
        // passes over the table until one finds nothing: items written during a pass are caught by the next
        boolean passFoundItems = true;
        Map<String, AttributeValue> startKey = null;
        while (Instant.now().isBefore(deadline)) {
            Map<String, AttributeValue> from = startKey;
            var page = dynamoDb.scan(r -> r.tableName(table.physicalName()).limit(PAGE).exclusiveStartKey(from)
                    .projectionExpression(String.join(", ", projection)).expressionAttributeNames(names));
            var keys = page.items();
            for (int at = 0; at < keys.size() && Instant.now().isBefore(deadline); at += BATCH) {
                var batch = keys.subList(at, Math.min(keys.size(), at + BATCH));
                Batches.writeAll(dynamoDb, table.physicalName(), batch.stream()
                        .map(key -> WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build())
                                .build())
                        .toList());
                deleted += batch.size();
            }
            if (startKey == null) {
                passFoundItems = !keys.isEmpty();
            } else {
                passFoundItems |= !keys.isEmpty();
            }
            startKey = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (startKey == null && !passFoundItems) {
                return new Erased(deleted, true);
            }
        }
        return new Erased(deleted, false);
    }
}
