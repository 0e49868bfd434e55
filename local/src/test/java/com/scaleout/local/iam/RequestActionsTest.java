package com.scaleout.local.iam;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.glue.model.CreateDatabaseRequest;
import software.amazon.awssdk.services.glue.model.GetTableRequest;
import software.amazon.awssdk.services.glue.model.UpdateTableRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectsRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueRequest;

/** The IAM action and resource of each kind of request our code makes, as the services authorize them. */
class RequestActionsTest {
    private static final String TABLE = "arn:aws:dynamodb:eu-west-1:123456789012:table/";
    private static final Map<String, AttributeValue> KEY = Map.of("pk", AttributeValue.fromS("k"));

    private static List<AwsCall> of(SdkRequest request, String operation) {
        return RequestActions.of(request, operation, "eu-west-1");
    }

    @Test
    void aSingleTableCallIsItsOperationOnTheTable() {
        assertThat(of(UpdateItemRequest.builder().tableName("Users").key(KEY).build(), "UpdateItem"))
                .containsExactly(new AwsCall("dynamodb:UpdateItem", TABLE + "Users"));
        assertThat(of(DescribeTableRequest.builder().tableName("Users").build(), "DescribeTable"))
                .containsExactly(new AwsCall("dynamodb:DescribeTable", TABLE + "Users"));
        assertThat(of(ListTablesRequest.builder().build(), "ListTables"))
                .containsExactly(new AwsCall("dynamodb:ListTables", "*"));
    }

    @Test
    void aGlueTableCallIsAuthorizedOnTheCatalogTheDatabaseAndTheTable() {
        String glue = "arn:aws:glue:eu-west-1:123456789012:";
        var onOrders = List.of(glue + "catalog", glue + "database/lake", glue + "table/lake/client_1__orders");
        assertThat(of(GetTableRequest.builder().databaseName("lake").name("client_1__orders").build(), "GetTable"))
                .extracting(AwsCall::resource).containsExactlyElementsOf(onOrders);
        assertThat(of(UpdateTableRequest.builder().databaseName("lake")
                .tableInput(input -> input.name("client_1__orders")).build(), "UpdateTable"))
                .containsExactlyElementsOf(onOrders.stream().map(arn -> new AwsCall("glue:UpdateTable", arn))
                        .toList());
        assertThat(of(CreateDatabaseRequest.builder().databaseInput(input -> input.name("lake")).build(),
                "CreateDatabase")).containsExactly(new AwsCall("glue:CreateDatabase", "*"));
    }

    @Test
    void aQueryOrScanOfAnIndexIsOnTheIndex() {
        assertThat(of(ScanRequest.builder().tableName("Tweets").indexName("byAuthor").build(), "Scan"))
                .containsExactly(new AwsCall("dynamodb:Scan", TABLE + "Tweets/index/byAuthor"));
        assertThat(of(ScanRequest.builder().tableName("Tweets").build(), "Scan"))
                .containsExactly(new AwsCall("dynamodb:Scan", TABLE + "Tweets"));
    }

    @Test
    void aBatchIsAuthorizedOncePerTable() {
        var keys = KeysAndAttributes.builder().keys(KEY).build();
        assertThat(of(BatchGetItemRequest.builder().requestItems(Map.of("Users", keys, "Tweets", keys)).build(),
                "BatchGetItem")).containsExactlyInAnyOrder(new AwsCall("dynamodb:BatchGetItem", TABLE + "Users"),
                new AwsCall("dynamodb:BatchGetItem", TABLE + "Tweets"));
        var put = WriteRequest.builder().putRequest(p -> p.item(KEY)).build();
        assertThat(of(BatchWriteItemRequest.builder().requestItems(Map.of("Likes", List.of(put, put))).build(),
                "BatchWriteItem")).containsExactly(new AwsCall("dynamodb:BatchWriteItem", TABLE + "Likes"));
    }

    @Test
    void aTransactionIsAuthorizedItemByItemWithEachItemsOwnAction() {
        var write = TransactWriteItemsRequest.builder().transactItems(
                item -> item.put(p -> p.tableName("Follows").item(KEY)),
                item -> item.update(u -> u.tableName("Users").key(KEY).updateExpression("SET a = :a")),
                item -> item.delete(d -> d.tableName("Likes").key(KEY)),
                item -> item.conditionCheck(c -> c.tableName("Usernames").key(KEY).conditionExpression("x"))).build();
        assertThat(of(write, "TransactWriteItems")).containsExactly(
                new AwsCall("dynamodb:PutItem", TABLE + "Follows"),
                new AwsCall("dynamodb:UpdateItem", TABLE + "Users"),
                new AwsCall("dynamodb:DeleteItem", TABLE + "Likes"),
                new AwsCall("dynamodb:ConditionCheckItem", TABLE + "Usernames"));
        var get = TransactGetItemsRequest.builder().transactItems(item -> item.get(g -> g.tableName("Users").key(KEY)))
                .build();
        assertThat(of(get, "TransactGetItems")).containsExactly(new AwsCall("dynamodb:GetItem", TABLE + "Users"));
    }

    @Test
    void streamCallsAreOnTheStream() {
        String stream = TABLE + "Tweets/stream/2026-12-03T00:00:00.000";
        assertThat(of(DescribeStreamRequest.builder().streamArn(stream).build(), "DescribeStream"))
                .containsExactly(new AwsCall("dynamodb:DescribeStream", stream));
        // an iterator does not say whose stream it reads: only a grant on * allows it (see the fidelity notes)
        assertThat(of(GetRecordsRequest.builder().shardIterator("opaque").build(), "GetRecords"))
                .containsExactly(new AwsCall("dynamodb:GetRecords", "*"));
    }

    @Test
    void s3ObjectCallsAreOnTheObjectAndListingOnTheBucket() {
        assertThat(of(PutObjectRequest.builder().bucket("images").key("ab/cd").build(), "PutObject"))
                .containsExactly(new AwsCall("s3:PutObject", "arn:aws:s3:::images/ab/cd"));
        assertThat(of(HeadObjectRequest.builder().bucket("images").key("ab").build(), "HeadObject"))
                .containsExactly(new AwsCall("s3:GetObject", "arn:aws:s3:::images/ab"));
        assertThat(of(ListObjectsV2Request.builder().bucket("images").prefix("ab").build(), "ListObjectsV2"))
                .containsExactly(new AwsCall("s3:ListBucket", "arn:aws:s3:::images"));
        assertThat(of(DeleteObjectsRequest.builder().bucket("images").delete(d -> d.objects(
                o -> o.key("a"), o -> o.key("b"))).build(), "DeleteObjects")).containsExactly(
                new AwsCall("s3:DeleteObject", "arn:aws:s3:::images/a"),
                new AwsCall("s3:DeleteObject", "arn:aws:s3:::images/b"));
    }

    @Test
    void aSecretIsNamedByItsArnAndCloudWatchReadsAreOnStar() {
        assertThat(of(GetSecretValueRequest.builder().secretId("admin-key").build(), "GetSecretValue"))
                .containsExactly(new AwsCall("secretsmanager:GetSecretValue",
                        "arn:aws:secretsmanager:eu-west-1:123456789012:secret:admin-key"));
        String arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:admin-key-AbCdEf";
        assertThat(of(GetSecretValueRequest.builder().secretId(arn).build(), "GetSecretValue"))
                .containsExactly(new AwsCall("secretsmanager:GetSecretValue", arn));
        assertThat(of(GetMetricDataRequest.builder().build(), "GetMetricData"))
                .containsExactly(new AwsCall("cloudwatch:GetMetricData", "*"));
    }
}
