package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Retweets keyed by (tweetId, userId), so a user retweets a tweet at most once; the {@code ByTweet} index
 * (tweetId, retweetId) lists retweeters newest first. The row and the tweet's count change in one transaction.
 */
public final class DynamoRetweetStore implements RetweetStore {
    public static final String BY_TWEET = "ByTweet";
    public static final String BY_USER = "ByUser";
    static final String USERNAME = "username";
    public static final String TWEET_ID = "tweetId";
    public static final String USER_ID = "userId";
    public static final String RETWEET_ID = "retweetId";
    static final String CREATED_AT = "createdAt";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoRetweetStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public boolean add(Retweet retweet) {
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().put(p -> p.tableName(tables.retweets()).item(toItem(retweet))
                            .conditionExpression("attribute_not_exists(tweetId)")
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                            .build(),
                    DynamoTweetStore.counter(tables.tweets(), DynamoTweetStore.ID, retweet.tweetId(),
                            "retweets", 1)));
            return true;
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0) {
                // this call's own retweet (its earlier attempt, answer lost) was made now; another one before
                return e.heldBy(RETWEET_ID, retweet.retweetId());
            }
            throw new TweetNotFound();
        }
    }

    @Override
    public void remove(String tweetId, String userId) {
        var key = Map.of(TWEET_ID, s(tweetId), USER_ID, s(userId));
        try {
            Transactions.write(dynamoDb, List.of(
                    TransactWriteItem.builder().delete(d -> d.tableName(tables.retweets()).key(key)
                            .conditionExpression("attribute_exists(tweetId)")).build(),
                    DynamoTweetStore.counter(tables.tweets(), DynamoTweetStore.ID, tweetId, "retweets", -1)));
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 1) {
                // the tweet is gone: no count to lower, but the row should not outlive it
                dynamoDb.deleteItem(r -> r.tableName(tables.retweets()).key(key));
            }
            // index 0: there was no such retweet, which is what was asked
        }
    }

    @Override
    public Slice<Retweet> retweeters(String tweetId, PageRequest page) {
        var items = Queries.newestFirst(dynamoDb, tables.retweets(), BY_TWEET, TWEET_ID, tweetId, RETWEET_ID, page);
        return Slice.ofOverfetched(items.stream().map(DynamoRetweetStore::toRetweet).toList(), page.limit());
    }

    @Override
    public void removeAll(String tweetId) {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var response = dynamoDb.query(r -> r.tableName(tables.retweets())
                    .keyConditionExpression("tweetId = :t")
                    .expressionAttributeValues(Map.of(":t", s(tweetId)))
                    .exclusiveStartKey(from));
            for (var item : response.items()) {
                dynamoDb.deleteItem(r -> r.tableName(tables.retweets())
                        .key(Map.of(TWEET_ID, item.get(TWEET_ID), USER_ID, item.get(USER_ID))));
            }
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
    }

    @Override
    public Slice<Retweet> byUser(String userId, PageRequest page) {
        var items = Queries.newestFirst(dynamoDb, tables.retweets(), BY_USER, USER_ID, userId, RETWEET_ID, page);
        return Slice.ofOverfetched(items.stream().map(DynamoRetweetStore::toRetweet).toList(), page.limit());
    }

    private static Map<String, AttributeValue> toItem(Retweet retweet) {
        var item = new java.util.HashMap<String, AttributeValue>();
        item.put(TWEET_ID, s(retweet.tweetId()));
        item.put(USER_ID, s(retweet.userId()));
        item.put(RETWEET_ID, s(retweet.retweetId()));
        item.put(CREATED_AT, s(retweet.createdAt()));
        if (retweet.username() != null) {
            item.put(USERNAME, s(retweet.username()));
        }
        return item;
    }

    public static Retweet toRetweet(Map<String, AttributeValue> item) {
        return new Retweet(string(item, TWEET_ID), string(item, USER_ID), string(item, RETWEET_ID),
                string(item, CREATED_AT), string(item, USERNAME));
    }
}
