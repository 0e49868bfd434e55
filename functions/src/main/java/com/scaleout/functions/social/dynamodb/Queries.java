package com.scaleout.functions.social.dynamodb;

import com.scaleout.functions.shared.paging.PageRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one list query of the social tables: a partition newest first (descending ULID sort key), starting
 * before the cursor's sort value, reading one item more than the page so the caller knows whether there is more.
 */
final class Queries {

    private Queries() {
    }

    static List<Map<String, AttributeValue>> newestFirst(DynamoDbClient dynamoDb, String table, String index,
                                                         String partitionKey, String partitionValue,
                                                         String sortKey, PageRequest page) {
        var names = new HashMap<String, String>();
        names.put("#pk", partitionKey);
        var values = new HashMap<String, AttributeValue>();
        values.put(":pk", AttributeValue.fromS(partitionValue));
        String condition = "#pk = :pk";
        if (page.before().isPresent()) {
            condition += " AND #sk < :before";
            names.put("#sk", sortKey); // DynamoDB rejects names the expression does not use
            values.put(":before", AttributeValue.fromS(page.before().get()));
        }
        String keyCondition = condition;
        return dynamoDb.query(r -> {
            r.tableName(table).keyConditionExpression(keyCondition).expressionAttributeNames(names)
                    .expressionAttributeValues(values).scanIndexForward(false).limit(page.limit() + 1);
            if (index != null) {
                r.indexName(index);
            }
        }).items();
    }

    /**
     * The newest page of a key written in shards: each shard's page queried at once ({@code calls} bounds them),
     * merged newest first, one item more than the page: exact, each shard being asked for the whole page.
     */
    static List<Map<String, AttributeValue>> newestFirstAcross(DynamoDbClient dynamoDb,
                                                               com.scaleout.functions.shared.aws.ConcurrentCalls calls,
                                                               String table, String index, String partitionKey,
                                                               List<String> partitions, String sortKey,
                                                               PageRequest page) {
        var queries = new java.util.ArrayList<java.util.concurrent.Callable<List<Map<String, AttributeValue>>>>();
        partitions.forEach(partition -> queries.add(() -> newestFirst(dynamoDb, table, index, partitionKey, partition,
                sortKey, page)));
        return calls.all(queries).stream().flatMap(List::stream)
                .sorted(java.util.Comparator.comparing((Map<String, AttributeValue> item) -> item.get(sortKey).s())
                        .reversed())
                .limit(page.limit() + 1L).toList();
    }
}
