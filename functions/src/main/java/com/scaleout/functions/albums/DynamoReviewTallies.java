package com.scaleout.functions.albums;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The review counts on the album's item in the Albums table, with one watermark attribute per bucket of the log: a
 * string of digits (a stream sequence number has up to 40 digits, a DynamoDB number at most 38), compared only for
 * equality here and as a number in {@link ReviewCounts}.
 */
final class DynamoReviewTallies implements ReviewCounts.Tallies {
    private final DynamoDbClient dynamoDb;
    private final String table;

    DynamoReviewTallies(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
        this.table = RuntimeEnvironment.variable(Settings.table(DynamoAlbumStore.TABLE)).orElse(null);
    }

    /** A strongly consistent read of the watermarks only: what the last update wrote. */
    @Override
    public Optional<Map<Integer, BigInteger>> watermarks(String albumId) {
        var names = new HashMap<String, String>();
        var projected = new ArrayList<String>(List.of("#id"));
        names.put("#id", DynamoAlbumStore.ID);
        for (int bucket = 0; bucket < ReviewLog.BUCKETS; bucket++) {
            names.put("#f" + bucket, ReviewCounts.FOLDED + bucket);
            projected.add("#f" + bucket);
        }
        var item = dynamoDb.getItem(get -> get.tableName(table).key(key(albumId)).consistentRead(true)
                .projectionExpression(String.join(", ", projected)).expressionAttributeNames(names)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        var watermarks = new TreeMap<Integer, BigInteger>();
        for (int bucket = 0; bucket < ReviewLog.BUCKETS; bucket++) {
            var watermark = item.get(ReviewCounts.FOLDED + bucket);
            if (watermark != null) {
                watermarks.put(bucket, new BigInteger(watermark.s()));
            }
        }
        return Optional.of(watermarks);
    }

    @Override
    public boolean add(String albumId, long likes, long dislikes, Map<Integer, BigInteger> seen,
                       Map<Integer, BigInteger> upTo) {
        var names = new HashMap<String, String>(Map.of("#id", DynamoAlbumStore.ID, "#likes", ReviewCounts.LIKES,
                "#dislikes", ReviewCounts.DISLIKES));
        var values = new HashMap<String, AttributeValue>(Map.of(":likes", number(likes),
                ":dislikes", number(dislikes)));
        var sets = new ArrayList<String>();
        var conditions = new ArrayList<String>(List.of("attribute_exists(#id)"));
        upTo.forEach((bucket, position) -> {
            names.put("#f" + bucket, ReviewCounts.FOLDED + bucket);
            values.put(":u" + bucket, AttributeValue.fromS(position.toString()));
            sets.add("#f" + bucket + " = :u" + bucket);
            if (seen.containsKey(bucket)) {
                values.put(":s" + bucket, AttributeValue.fromS(seen.get(bucket).toString()));
                conditions.add("#f" + bucket + " = :s" + bucket);
            } else {
                conditions.add("attribute_not_exists(#f" + bucket + ")");
            }
        });
        try {
            dynamoDb.updateItem(update -> update.tableName(table).key(key(albumId))
                    .updateExpression("ADD #likes :likes, #dislikes :dislikes SET " + String.join(", ", sets))
                    .conditionExpression(String.join(" AND ", conditions))
                    .expressionAttributeNames(names).expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    private static Map<String, AttributeValue> key(String albumId) {
        return Map.of(DynamoAlbumStore.ID, AttributeValue.fromS(albumId));
    }

    private static AttributeValue number(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
