package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.Slice;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Likes keyed by (the tweet's bucket, userId), so a user likes a tweet at most once; the {@code ByTweet} index
 * (bucket, likeId) lists likers newest first across the tweet's buckets, {@code ByUser} (userId, likeId) a user's
 * likes. The row and the change to the tweet's {@code likes} count are written in one transaction (see
 * {@link CountedRows}).
 */
public final class DynamoLikeStore implements LikeStore {
    public static final String BY_TWEET = "ByTweet";
    public static final String BY_USER = "ByUser";
    public static final String LIKE_ID = "likeId";
    static final String CREATED_AT = "createdAt";

    private final CountedRows rows;

    public DynamoLikeStore(DynamoDbClient dynamoDb, SocialTables tables, java.time.Clock clock) {
        this.rows = new CountedRows(dynamoDb, tables.likes(), tables.countLog(), SocialCountLog.LIKES, LIKE_ID,
                clock);
    }

    /** A like row's partition key: the tweet's bucket its user's likes land in. */
    public static String bucketOf(String tweetId, String userId) {
        return CountedRows.bucket(tweetId, userId);
    }

    @Override
    public boolean add(Like like) {
        return rows.add(Map.of(CountedRows.TWEET_ID, s(like.tweetId()), CountedRows.USER_ID, s(like.userId()),
                LIKE_ID, s(like.likeId()), CREATED_AT, s(like.createdAt())));
    }

    @Override
    public boolean remove(String tweetId, String userId) {
        return rows.remove(tweetId, userId);
    }

    @Override
    public Slice<Like> likers(String tweetId, PageRequest page) {
        return Slice.ofOverfetched(rows.newestOfTweet(BY_TWEET, tweetId, page).stream()
                .map(DynamoLikeStore::toLike).toList(), page.limit());
    }

    @Override
    public Slice<Like> byUser(String userId, PageRequest page) {
        return Slice.ofOverfetched(rows.newestFirst(BY_USER, CountedRows.USER_ID, userId, page).stream()
                .map(DynamoLikeStore::toLike).toList(), page.limit());
    }

    @Override
    public void removeAll(String tweetId) {
        rows.removeAll(tweetId);
    }

    private static Like toLike(Map<String, AttributeValue> item) {
        return new Like(string(item, CountedRows.TWEET_ID), string(item, CountedRows.USER_ID), string(item, LIKE_ID),
                string(item, CREATED_AT));
    }
}
