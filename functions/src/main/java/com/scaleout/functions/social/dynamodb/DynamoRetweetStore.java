package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.Slice;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Retweets keyed by (the tweet's bucket, userId), so a user retweets a tweet at most once; the {@code ByTweet} index
 * (bucket, retweetId) lists retweeters newest first across the tweet's buckets. The row and the change to the tweet's
 * count are written in one transaction (see {@link CountedRows}).
 */
public final class DynamoRetweetStore implements RetweetStore {
    public static final String BY_TWEET = "ByTweet";
    public static final String BY_USER = "ByUser";
    static final String USERNAME = "username";
    public static final String TWEET_ID = CountedRows.TWEET_ID;
    public static final String USER_ID = CountedRows.USER_ID;
    public static final String RETWEET_ID = "retweetId";
    static final String CREATED_AT = "createdAt";

    private final CountedRows rows;

    public DynamoRetweetStore(DynamoDbClient dynamoDb, SocialTables tables, java.time.Clock clock) {
        this.rows = new CountedRows(dynamoDb, tables.retweets(), tables.countLog(), SocialCountLog.RETWEETS,
                RETWEET_ID, clock);
    }

    @Override
    public boolean add(Retweet retweet) {
        return rows.add(toItem(retweet));
    }

    @Override
    public boolean remove(String tweetId, String userId) {
        return rows.remove(tweetId, userId);
    }

    @Override
    public Slice<Retweet> retweeters(String tweetId, PageRequest page) {
        var items = rows.newestOfTweet(BY_TWEET, tweetId, page);
        return Slice.ofOverfetched(items.stream().map(DynamoRetweetStore::toRetweet).toList(), page.limit());
    }

    @Override
    public void removeAll(String tweetId) {
        rows.removeAll(tweetId);
    }

    @Override
    public Slice<Retweet> byUser(String userId, PageRequest page) {
        var items = rows.newestFirst(BY_USER, USER_ID, userId, page);
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
