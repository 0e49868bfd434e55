package com.scaleout.functions.albums;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.ids.Ids;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The Albums table, keyed by {@code albumID}; an album's item holds its profile and its review counts, which the
 * review log's stream moves ({@link ReviewCounts}): a review is written to the log, never to the album's item.
 */
public final class DynamoAlbumStore implements AlbumStore {
    public static final String TABLE = "Albums";
    static final String ID = "albumID";
    /** How long an album seen to exist is taken to exist without reading it again. */
    static final Duration EXISTENCE_REMEMBERED = Duration.ofMinutes(1);

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final ReviewLog reviews;
    private final SeenAlbums existing;

    public DynamoAlbumStore(DynamoDbClient dynamoDb) {
        this(dynamoDb, Clock.systemUTC());
    }

    public DynamoAlbumStore(DynamoDbClient dynamoDb, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.table = RuntimeEnvironment.variable(Settings.table(TABLE)).orElse(null);
        this.reviews = new ReviewLog(dynamoDb, clock);
        this.existing = new SeenAlbums(EXISTENCE_REMEMBERED, clock);
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

    /** A strongly consistent read of the key only: an album posted a moment ago, elsewhere, is there. */
    private boolean exists(String albumId) {
        var item = dynamoDb.getItem(r -> r.tableName(table).key(Map.of(ID, AttributeValue.fromS(albumId)))
                .consistentRead(true).projectionExpression(ID)).item();
        return item != null && !item.isEmpty();
    }

    private static Album toAlbum(String albumId, Map<String, AttributeValue> item) {
        return new Album(albumId, new AlbumProfile(item.get("artist").s(), item.get("title").s(),
                item.get("year").s()), item.get("imageKey").s(), Long.parseLong(item.get("imageSize").n()),
                count(item, ReviewCounts.LIKES), count(item, ReviewCounts.DISLIKES));
    }

    private static long count(Map<String, AttributeValue> item, String name) {
        var value = item.get(name);
        return value == null ? 0 : Long.parseLong(value.n());
    }

    /**
     * The review into the album's review log (see {@link ReviewLog}), once the album is known to exist: an album
     * seen in the last {@link #EXISTENCE_REMEMBERED} is not read again (albums are never deleted but by an operator's
     * reset), so a viral album's reviews do not all read its one item.
     */
    @Override
    public boolean review(String albumId, boolean like) {
        if (!existing.seen(albumId) && !exists(albumId)) {
            return false;
        }
        existing.remember(albumId);
        reviews.append(albumId, Ids.newId(), like);
        return true;
    }
}
