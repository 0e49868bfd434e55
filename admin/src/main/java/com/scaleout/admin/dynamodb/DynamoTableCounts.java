package com.scaleout.admin.dynamodb;

import com.scaleout.admin.application.TableCounts;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** DescribeTable's item count of each table: one cheap call per table, no scan. */
public final class DynamoTableCounts implements TableCounts {
    private final DynamoDbClient dynamoDb;
    private final Map<String, String> physicalNames;

    /** {@code physicalNames}: by logical name, in the order to report them. */
    public DynamoTableCounts(DynamoDbClient dynamoDb, Map<String, String> physicalNames) {
        this.dynamoDb = dynamoDb;
        this.physicalNames = new LinkedHashMap<>(physicalNames);
    }

    @Override
    public Map<String, Long> itemCounts() {
        var counts = new LinkedHashMap<String, Long>();
        physicalNames.forEach((logical, physical) -> counts.put(logical,
                dynamoDb.describeTable(r -> r.tableName(physical)).table().itemCount()));
        return counts;
    }
}
