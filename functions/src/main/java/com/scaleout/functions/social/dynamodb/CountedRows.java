package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.functions.shared.aws.ConcurrentCalls;
import com.scaleout.functions.shared.paging.PageRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Rows keyed by (tweet, user), at most one per user and tweet, whose number the tweet keeps in a count attribute.
 * A row lives under one of its tweet's {@value #BUCKETS} buckets ({@code bucket} = {@code <tweetId>#<n>}, n from the
 * user's id), in the table and in the {@code ByTweet} index, so that a viral tweet's rows spread over that many
 * partition keys. A row and its change to the count (in the social count log, {@link SocialCountLog}, folded into the
 * tweet's item moments later) are written in one transaction conditioned on the row's existence: the count equals the
 * rows once folded, and the viral tweet's one item is not written by every like. The tweet's existence is the
 * caller's to check (a read of the tweet, which the like's answer needs anyway); a row written for a tweet deleted
 * meanwhile is never listed (lists resolve the tweets), and its change counts nothing. Retweets and likes are both
 * kept so; each row has its own time-ordered id, which sorts the lists.
 */
public final class CountedRows {
    static final String BUCKET = "bucket";
    static final String TWEET_ID = "tweetId";
    static final String USER_ID = "userId";
    /** 2,000 likes a second of one tweet are 4,000 write units (a transaction's puts count twice): 400 per bucket. */
    public static final int BUCKETS = 10;

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final String countLog;
    private final SocialCountLog.Counter counter;
    private final String rowId;
    private final Clock clock;
    private final ConcurrentCalls queries;

    /**
     * @param counter the tweet's count of the rows, kept through the count log
     * @param rowId   the row's own id attribute, the lists' sort key
     */
    CountedRows(DynamoDbClient dynamoDb, String table, String countLog, SocialCountLog.Counter counter, String rowId,
                Clock clock) {
        this.dynamoDb = dynamoDb;
        this.table = table;
        this.countLog = countLog;
        this.counter = counter;
        this.rowId = rowId;
        this.clock = clock;
        this.queries = new ConcurrentCalls(table + "-by-tweet", BUCKETS);
    }

    static String bucket(String tweetId, String userId) {
        return Shards.of(tweetId, userId, BUCKETS);
    }

    /** The row's key: its bucket and its user. */
    static Map<String, AttributeValue> key(String tweetId, String userId) {
        return Map.of(BUCKET, s(bucket(tweetId, userId)), USER_ID, s(userId));
    }

    /** True when the row is new; false when the user's row was there already. */
    boolean add(Map<String, AttributeValue> row) {
        var item = new java.util.HashMap<>(row);
        String tweetId = row.get(TWEET_ID).s();
        String userId = row.get(USER_ID).s();
        item.put(BUCKET, s(bucket(tweetId, userId)));
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(item)
                            .conditionExpression("attribute_not_exists(userId)")
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                            .build(),
                    SocialCountLog.change(countLog, counter, tweetId, userId, 1, clock.instant())));
            return true;
        } catch (Transactions.ConditionFailed e) {
            // this call's own row (its earlier attempt, answer lost) was made now; another one before
            return e.heldBy(rowId, row.get(rowId).s());
        }
    }

    /** Removes the user's row, if there is one, and lowers the count with it; true when there was one. */
    boolean remove(String tweetId, String userId) {
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().delete(d -> d.tableName(table).key(key(tweetId, userId))
                            .conditionExpression("attribute_exists(userId)")).build(),
                    SocialCountLog.change(countLog, counter, tweetId, userId, -1, clock.instant())));
            return true;
        } catch (Transactions.ConditionFailed e) {
            return false; // there was no such row, which is what was asked
        }
    }

    /** One page of the tweet's rows, newest first: its buckets' pages at once, merged. */
    List<Map<String, AttributeValue>> newestOfTweet(String index, String tweetId, PageRequest page) {
        return Queries.newestFirstAcross(dynamoDb, queries, table, index, BUCKET, Shards.all(tweetId, BUCKETS), rowId,
                page);
    }

    /** One page of an index partition, newest row first. */
    List<Map<String, AttributeValue>> newestFirst(String index, String partitionKey, String value,
                                                  PageRequest page) {
        return Queries.newestFirst(dynamoDb, table, index, partitionKey, value, rowId, page);
    }

    /** Drops every row of a deleted tweet, bucket by bucket, page by page. */
    void removeAll(String tweetId) {
        var buckets = new ArrayList<Callable<Void>>();
        Shards.all(tweetId, BUCKETS).forEach(bucket -> buckets.add(() -> {
            removeBucket(bucket);
            return null;
        }));
        queries.all(buckets);
    }

    private void removeBucket(String bucket) {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var response = dynamoDb.query(r -> r.tableName(table)
                    .keyConditionExpression("#b = :b")
                    .expressionAttributeNames(Map.of("#b", BUCKET))
                    .expressionAttributeValues(Map.of(":b", s(bucket)))
                    .exclusiveStartKey(from));
            for (var item : response.items()) {
                dynamoDb.deleteItem(r -> r.tableName(table)
                        .key(Map.of(BUCKET, item.get(BUCKET), USER_ID, item.get(USER_ID))));
            }
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
    }
}
