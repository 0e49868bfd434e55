package com.scaleout.functions.albums;

import com.github.f4b6a3.ulid.Ulid;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.ids.Ids;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/** The Albums table, keyed by {@code albumID}; reviews are atomic ADDs on the album's item, each counted once. */
public final class DynamoAlbumStore implements AlbumStore {
    public static final String TABLE = "Albums";
    static final String ID = "albumID";
    /** The ids of the album's latest reviews, so that a resent review is recognized. */
    static final String RECENT = "recentReviews";
    static final int FORGET_FROM = 32;
    /** Longer than any resend: the SDK gives up on a call after its whole-call timeout (4 s). */
    static final Duration REMEMBERED = Duration.ofMinutes(1);
    private static final Logger LOG = Logger.getLogger(DynamoAlbumStore.class.getName());

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final Clock clock;

    public DynamoAlbumStore(DynamoDbClient dynamoDb) {
        this(dynamoDb, Clock.systemUTC());
    }

    public DynamoAlbumStore(DynamoDbClient dynamoDb, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.table = RuntimeEnvironment.variable(Settings.table(TABLE)).orElse(null);
        this.clock = clock;
    }

    @Override
    public void create(Album album) {
        var item = new HashMap<String, AttributeValue>();
        item.put(ID, AttributeValue.fromS(album.id()));
        item.put("artist", AttributeValue.fromS(album.profile().artist()));
        item.put("title", AttributeValue.fromS(album.profile().title()));
        item.put("year", AttributeValue.fromS(album.profile().year()));
        item.put("imageKey", AttributeValue.fromS(album.imageKey()));
        item.put("imageSize", AttributeValue.fromN(Long.toString(album.imageSize())));
        item.put("likes", AttributeValue.fromN("0"));
        item.put("dislikes", AttributeValue.fromN("0"));
        try {
            dynamoDb.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(albumID)")
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
        } catch (ConditionalCheckFailedException e) {
            // The id is new to this request, so an item already under it is this same put's earlier attempt, which
            // DynamoDB applied though the SDK timed it out and sent it again: done, not a failure. Anything else
            // under the id is refused as before.
            if (!e.hasItem() || !item.equals(e.item())) {
                throw e;
            }
        }
    }

    @Override
    public Optional<Album> find(String albumId) {
        Map<String, AttributeValue> item = dynamoDb.getItem(r -> r.tableName(table)
                .key(Map.of(ID, AttributeValue.fromS(albumId)))).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(toAlbum(albumId, item));
    }

    private static Album toAlbum(String albumId, Map<String, AttributeValue> item) {
        return new Album(albumId, new AlbumProfile(item.get("artist").s(), item.get("title").s(),
                item.get("year").s()), item.get("imageKey").s(), Long.parseLong(item.get("imageSize").n()),
                Long.parseLong(item.get("likes").n()), Long.parseLong(item.get("dislikes").n()));
    }

    /**
     * The ADD, and the review's id into the album's set of recent reviews, unless the id is there already. The SDK
     * resends a call whose answer it did not get, although DynamoDB may have applied it: a bare ADD would then
     * count the review twice (the soak run saw it). The resent call finds its id and changes nothing. One item,
     * one conditional update: no transaction, so reviews of a popular album never conflict with each other.
     */
    @Override
    public Optional<Album> review(String albumId, boolean like) {
        String reviewId = Ids.newId();
        try {
            var item = dynamoDb.updateItem(r -> r.tableName(table).key(Map.of(ID, AttributeValue.fromS(albumId)))
                    .updateExpression("ADD #count :one, #recent :ids")
                    .conditionExpression("attribute_exists(" + ID + ") AND NOT contains(#recent, :id)")
                    .expressionAttributeNames(Map.of("#count", like ? "likes" : "dislikes", "#recent", RECENT))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"),
                            ":ids", AttributeValue.fromSs(List.of(reviewId)), ":id", AttributeValue.fromS(reviewId)))
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).attributes();
            forgetOldReviews(albumId, item);
            return Optional.of(toAlbum(albumId, item));
        } catch (ConditionalCheckFailedException e) {
            if (!e.hasItem() || e.item().isEmpty()) {
                return Optional.empty(); // no such album
            }
            return Optional.of(toAlbum(albumId, e.item())); // counted by the attempt whose answer was lost
        }
    }

    /**
     * Keeps the set of recent reviews short: past {@value #FORGET_FROM} ids, those older than a resend can be
     * (ids are ULIDs: their time is their first digits) are removed. A failure only leaves them for the next review.
     */
    private void forgetOldReviews(String albumId, Map<String, AttributeValue> item) {
        var recent = item.get(RECENT);
        if (recent == null || recent.ss().size() <= FORGET_FROM) {
            return;
        }
        long before = clock.millis() - REMEMBERED.toMillis();
        var old = recent.ss().stream().filter(id -> Ulid.from(id).getTime() < before).toList();
        if (old.isEmpty()) {
            return;
        }
        try {
            dynamoDb.updateItem(r -> r.tableName(table).key(Map.of(ID, AttributeValue.fromS(albumId)))
                    .updateExpression("DELETE #recent :old")
                    .expressionAttributeNames(Map.of("#recent", RECENT))
                    .expressionAttributeValues(Map.of(":old", AttributeValue.fromSs(old))));
        } catch (SdkException e) {
            LOG.log(Level.FINE, "could not forget old reviews of " + albumId + "; the next review will", e);
        }
    }
}
