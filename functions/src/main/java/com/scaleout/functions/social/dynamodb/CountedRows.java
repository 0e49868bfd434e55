package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Rows keyed by (tweetId, userId), at most one per user and tweet, whose number the tweet keeps in a count
 * attribute: a row and the count change in one transaction, conditioned on the row's existence and the tweet's.
 * Retweets and likes are both kept so; each row has its own time-ordered id, which sorts the lists.
 */
final class CountedRows {
    static final String TWEET_ID = "tweetId";
    static final String USER_ID = "userId";

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final String tweets;
    private final String count;
    private final String rowId;

    /**
     * @param count the tweet's attribute counting the rows
     * @param rowId the row's own id attribute, the lists' sort key
     */
    CountedRows(DynamoDbClient dynamoDb, String table, String tweets, String count, String rowId) {
        this.dynamoDb = dynamoDb;
        this.table = table;
        this.tweets = tweets;
        this.count = count;
        this.rowId = rowId;
    }

    /** True when the row is new; false when the user's row was there already. Throws TweetNotFound. */
    boolean add(Map<String, AttributeValue> row) {
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(row)
                            .conditionExpression("attribute_not_exists(tweetId)")
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                            .build(),
                    DynamoTweetStore.counter(tweets, DynamoTweetStore.ID, row.get(TWEET_ID).s(), count, 1)));
            return true;
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0) {
                // this call's own row (its earlier attempt, answer lost) was made now; another one before
                return e.heldBy(rowId, row.get(rowId).s());
            }
            throw new RetweetStore.TweetNotFound();
        }
    }

    /** Removes the user's row, if there is one, and lowers the count with it. */
    void remove(String tweetId, String userId) {
        var key = Map.of(TWEET_ID, s(tweetId), USER_ID, s(userId));
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().delete(d -> d.tableName(table).key(key)
                            .conditionExpression("attribute_exists(tweetId)")).build(),
                    DynamoTweetStore.counter(tweets, DynamoTweetStore.ID, tweetId, count, -1)));
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 1) {
                // the tweet is gone: no count to lower, but the row should not outlive it
                dynamoDb.deleteItem(r -> r.tableName(table).key(key));
            }
            // index 0: there was no such row, which is what was asked
        }
    }

    /** One page of an index partition, newest row first. */
    List<Map<String, AttributeValue>> newestFirst(String index, String partitionKey, String value,
                                                  PageRequest page) {
        return Queries.newestFirst(dynamoDb, table, index, partitionKey, value, rowId, page);
    }

    /** Drops every row of a deleted tweet, page by page. */
    void removeAll(String tweetId) {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var response = dynamoDb.query(r -> r.tableName(table)
                    .keyConditionExpression("tweetId = :t")
                    .expressionAttributeValues(Map.of(":t", s(tweetId)))
                    .exclusiveStartKey(from));
            for (var item : response.items()) {
                dynamoDb.deleteItem(r -> r.tableName(table)
                        .key(Map.of(TWEET_ID, item.get(TWEET_ID), USER_ID, item.get(USER_ID))));
            }
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
    }
}
