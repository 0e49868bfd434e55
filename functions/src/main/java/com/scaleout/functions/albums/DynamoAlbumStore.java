package com.scaleout.functions.albums;

import com.scaleout.declaration.TableSpec;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/** The Albums table, keyed by {@code albumID}; reviews are atomic ADDs on the album's item. */
public final class DynamoAlbumStore implements AlbumStore {
    public static final String TABLE = "Albums";
    static final String ID = "albumID";

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoAlbumStore(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
        this.table = RuntimeEnvironment.variable(TableSpec.environmentVariable(TABLE)).orElse(null);
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
        dynamoDb.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(albumID)"));
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

    @Override
    public Optional<Album> review(String albumId, boolean like) {
        try {
            var item = dynamoDb.updateItem(r -> r.tableName(table).key(Map.of(ID, AttributeValue.fromS(albumId)))
                    .updateExpression("ADD #count :one")
                    .conditionExpression("attribute_exists(albumID)")
                    .expressionAttributeNames(Map.of("#count", like ? "likes" : "dislikes"))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                    .returnValues(ReturnValue.ALL_NEW)).attributes();
            return Optional.of(toAlbum(albumId, item));
        } catch (ConditionalCheckFailedException e) {
            return Optional.empty();
        }
    }
}
