package com.scaleout.functions.albums;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The review log (table {@code AlbumReviews}): one item per review, under one of its album's {@value #BUCKETS}
 * buckets ({@code <albumID>#<n>}, n from the review id), so that a viral album's reviews are spread over that many
 * partition keys instead of all writing its one item: 5,000 reviews a second are 500 write units a second per
 * bucket, half of a partition's 1,000. A resent put (the SDK's, its answer lost) writes the same item again, which
 * changes nothing and adds no stream record: each review is counted once ({@link ReviewCounts}). Items expire a day
 * later; by then their stream records have long been folded.
 */
public final class ReviewLog {
    static final String TABLE = "AlbumReviews";
    static final String BUCKET = "bucket";
    static final String REVIEW_ID = "reviewId";
    static final String LIKE = "like";
    static final String EXPIRES_AT = "expiresAt";
    public static final int BUCKETS = 10;
    static final Duration KEPT = Duration.ofDays(1);

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final Clock clock;

    ReviewLog(DynamoDbClient dynamoDb, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.table = RuntimeEnvironment.variable(Settings.table(TABLE)).orElse(null);
        this.clock = clock;
    }

    void append(String albumId, String reviewId, boolean like) {
        long expiresAt = clock.instant().plus(KEPT).getEpochSecond();
        dynamoDb.putItem(put -> put.tableName(table).item(Map.of(
                BUCKET, AttributeValue.fromS(bucket(albumId, reviewId)),
                REVIEW_ID, AttributeValue.fromS(reviewId),
                LIKE, AttributeValue.fromBool(like),
                EXPIRES_AT, AttributeValue.fromN(Long.toString(expiresAt)))));
    }

    /** The bucket of a review: its album's id and a number the review's id gives (the same on every resend). */
    static String bucket(String albumId, String reviewId) {
        return albumId + "#" + Math.floorMod(reviewId.hashCode(), BUCKETS);
    }

    /** An album and one of its buckets' numbers. */
    record Bucket(String albumId, int number) {
    }

    /** The album and number of a bucket key; empty when it is not one. */
    static Optional<Bucket> parse(String bucket) {
        int hash = bucket == null ? -1 : bucket.lastIndexOf('#');
        if (hash <= 0 || hash != bucket.length() - 2 || !Character.isDigit(bucket.charAt(hash + 1))) {
            return Optional.empty();
        }
        return Optional.of(new Bucket(bucket.substring(0, hash), bucket.charAt(hash + 1) - '0'));
    }
}
