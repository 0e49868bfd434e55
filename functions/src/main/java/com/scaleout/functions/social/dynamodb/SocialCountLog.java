package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;

import com.scaleout.functions.shared.counters.WatermarkFold;
import com.scaleout.functions.shared.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The social count log (table {@code CountLog}): a count that a hot account's or tweet's one item could not take at
 * internet scale (a celebrity's followers, a viral tweet's likes and retweets: every change would update its item)
 * moves by one log item per change, written in the same transaction as the change itself (the follow edge, the like), under one of the target's
 * {@value #BUCKETS} buckets ({@code <counter>:<targetId>#<n>}), so that a viral target's changes spread over that
 * many partition keys. The log's stream is folded into the target's item, one update per batch
 * ({@code streams.CountFoldHandler}, {@link WatermarkFold}): the count lags the change by a second or two, and is
 * exact. Items expire a day later; by then their stream records have long been folded.
 */
public final class SocialCountLog {
    public static final String BUCKET = "bucket";
    static final String CHANGE_ID = "changeId";
    public static final String DELTA = "delta";
    static final String EXPIRES_AT = "expiresAt";
    /**
     * 2,000 follows a second of one account are 4,000 write units (a transaction's puts count twice): 400 a second
     * per bucket, under a partition's 1,000.
     */
    public static final int BUCKETS = 10;
    static final Duration KEPT = Duration.ofDays(1);

    /** A user's follower count, on its Users item, with watermarks {@code followersFolded0..9}. */
    public static final Counter FOLLOWERS = new Counter("followers", SocialTables.USERS, DynamoUserStore.ID,
            DynamoUserStore.FOLLOWERS, "followersFolded");
    /** A tweet's like count, on its Tweets item, with watermarks {@code likesFolded0..9}. */
    public static final Counter LIKES = new Counter("likes", SocialTables.TWEETS, DynamoTweetStore.ID,
            DynamoTweetStore.LIKES, "likesFolded");
    /** A tweet's retweet count, on its Tweets item, with watermarks {@code retweetsFolded0..9}. */
    public static final Counter RETWEETS = new Counter("retweets", SocialTables.TWEETS, DynamoTweetStore.ID,
            DynamoTweetStore.RETWEETS, "retweetsFolded");

    /** A counter kept through the log: its name in bucket keys, and the table, key and attribute it is folded into. */
    public record Counter(String name, String table, String keyAttribute, String attribute, String watermarkPrefix) {
    }

    private SocialCountLog() {
    }

    /**
     * The log's put for a change of {@code delta} to {@code targetId}'s counter, in the bucket {@code spreadBy}
     * (the other party's id: one account's follows and unfollows of the same target share a bucket) picks, under an
     * id of its own ({@link Ids#freshId()}): each change is a new item, which its fold counts once (an INSERT), also
     * when its request runs again under an Idempotency-Key after an undo. The transaction's condition on the edge
     * or row is what keeps a resend from changing the count twice; the SDK's own resends reuse this same put.
     */
    public static TransactWriteItem change(String table, Counter counter, String targetId, String spreadBy,
                                           long delta, Instant now) {
        String changeId = Ids.freshId();
        return TransactWriteItem.builder().put(put -> put.tableName(table).item(Map.of(
                BUCKET, s(Shards.of(counter.name() + ":" + targetId, spreadBy, BUCKETS)),
                CHANGE_ID, s(changeId),
                DELTA, AttributeValue.fromN(Long.toString(delta)),
                EXPIRES_AT, AttributeValue.fromN(Long.toString(now.plus(KEPT).getEpochSecond()))))).build();
    }

    /** The target of a bucket key: the counter's name and the target's id; and the bucket's number. */
    public record Bucket(String counter, String targetId, int number) {
    }

    /** The counter, target and number of a bucket key; empty when it is not one. */
    public static Optional<Bucket> parse(String bucket) {
        int colon = bucket == null ? -1 : bucket.indexOf(':');
        int hash = bucket == null ? -1 : bucket.lastIndexOf('#');
        if (colon <= 0 || hash <= colon + 1 || hash != bucket.length() - 2
                || !Character.isDigit(bucket.charAt(hash + 1))) {
            return Optional.empty();
        }
        return Optional.of(new Bucket(bucket.substring(0, colon), bucket.substring(colon + 1, hash),
                bucket.charAt(hash + 1) - '0'));
    }
}
