package com.scaleout.local.iam;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The IAM actions and resources a DynamoDB (or DynamoDB Streams) request is authorized for, as DynamoDB checks
 * them: a query or scan of an index on the index's ARN, a batch once per table it names, a transaction per item
 * with the item's own action (there is no TransactWriteItems action to grant).
 */
final class DynamoDbActions {
    private final Arns arns;

    DynamoDbActions(Arns arns) {
        this.arns = arns;
    }

    Optional<List<AwsCall>> of(SdkRequest request, String operationName) {
        return Optional.ofNullable(switch (request) {
            case QueryRequest query -> List.of(new AwsCall("dynamodb:Query", index(query.tableName(), query.indexName())));
            case ScanRequest scan -> List.of(new AwsCall("dynamodb:Scan", index(scan.tableName(), scan.indexName())));
            case BatchGetItemRequest batch -> perTable("dynamodb:BatchGetItem", batch.requestItems().keySet());
            case BatchWriteItemRequest batch -> perTable("dynamodb:BatchWriteItem", batch.requestItems().keySet());
            case TransactGetItemsRequest transaction -> transaction.transactItems().stream()
                    .map(item -> new AwsCall("dynamodb:GetItem", arns.table(item.get().tableName()))).toList();
            case TransactWriteItemsRequest transaction -> transaction.transactItems().stream()
                    .map(this::transactWrite).toList();
            case DescribeStreamRequest describe -> List.of(new AwsCall("dynamodb:DescribeStream", describe.streamArn()));
            case GetShardIteratorRequest iterator ->
                    List.of(new AwsCall("dynamodb:GetShardIterator", iterator.streamArn()));
            case ListStreamsRequest ignored -> List.of(new AwsCall("dynamodb:ListStreams", "*"));
            case ListTablesRequest ignored -> List.of(new AwsCall("dynamodb:ListTables", "*"));
            default -> singleTable(request, operationName);
        });
    }

    /** GetItem, PutItem, DescribeTable and the other calls on one table by its {@code TableName}. */
    private List<AwsCall> singleTable(SdkRequest request, String operationName) {
        return request.getValueForField("TableName", String.class)
                .map(table -> List.of(new AwsCall("dynamodb:" + operationName, arns.table(table))))
                .orElse(null);
    }

    private AwsCall transactWrite(TransactWriteItem item) {
        if (item.put() != null) {
            return new AwsCall("dynamodb:PutItem", arns.table(item.put().tableName()));
        }
        if (item.update() != null) {
            return new AwsCall("dynamodb:UpdateItem", arns.table(item.update().tableName()));
        }
        if (item.delete() != null) {
            return new AwsCall("dynamodb:DeleteItem", arns.table(item.delete().tableName()));
        }
        return new AwsCall("dynamodb:ConditionCheckItem", arns.table(item.conditionCheck().tableName()));
    }

    private String index(String table, String index) {
        return index == null ? arns.table(table) : arns.table(table) + "/index/" + index;
    }

    private List<AwsCall> perTable(String action, java.util.Set<String> tables) {
        var calls = new ArrayList<AwsCall>();
        tables.forEach(table -> calls.add(new AwsCall(action, arns.table(table))));
        return calls;
    }
}
