package com.scaleout.functions.shared.counters;

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
 * Counters on a target's item (its key a string attribute), with one watermark attribute per bucket of its log,
 * {@code <prefix>0} to {@code <prefix>N-1}: a string of digits (a stream sequence number has up to 40 digits, a
 * DynamoDB number at most 38), compared only for equality here and as a number in {@link WatermarkFold}.
 */
public final class DynamoTallies implements WatermarkFold.Tallies {
    private final DynamoDbClient dynamoDb;
    private final String table;
    private final String keyAttribute;
    private final String watermarkPrefix;
    private final int buckets;

    public DynamoTallies(DynamoDbClient dynamoDb, String table, String keyAttribute, String watermarkPrefix,
                         int buckets) {
        this.dynamoDb = dynamoDb;
        this.table = table;
        this.keyAttribute = keyAttribute;
        this.watermarkPrefix = watermarkPrefix;
        this.buckets = buckets;
    }

    /** A strongly consistent read of the watermarks only: what the last update wrote. */
    @Override
    public Optional<Map<Integer, BigInteger>> watermarks(String target) {
        var names = new HashMap<String, String>();
        var projected = new ArrayList<String>(List.of("#key"));
        names.put("#key", keyAttribute);
        for (int bucket = 0; bucket < buckets; bucket++) {
            names.put("#w" + bucket, watermarkPrefix + bucket);
            projected.add("#w" + bucket);
        }
        var item = dynamoDb.getItem(get -> get.tableName(table).key(key(target)).consistentRead(true)
                .projectionExpression(String.join(", ", projected)).expressionAttributeNames(names)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        var watermarks = new TreeMap<Integer, BigInteger>();
        for (int bucket = 0; bucket < buckets; bucket++) {
            var watermark = item.get(watermarkPrefix + bucket);
            if (watermark != null && watermark.s() != null) {
                watermarks.put(bucket, new BigInteger(watermark.s()));
            }
        }
        return Optional.of(watermarks);
    }

    @Override
    public boolean add(String target, Map<String, Long> deltas, Map<Integer, BigInteger> seen,
                       Map<Integer, BigInteger> upTo) {
        var names = new HashMap<String, String>(Map.of("#key", keyAttribute));
        var values = new HashMap<String, AttributeValue>();
        var adds = new ArrayList<String>();
        int counter = 0;
        for (var delta : new TreeMap<>(deltas).entrySet()) {
            names.put("#c" + counter, delta.getKey());
            values.put(":c" + counter, AttributeValue.fromN(Long.toString(delta.getValue())));
            adds.add("#c" + counter + " :c" + counter);
            counter++;
        }
        var sets = new ArrayList<String>();
        var conditions = new ArrayList<String>(List.of("attribute_exists(#key)"));
        upTo.forEach((bucket, position) -> {
            names.put("#w" + bucket, watermarkPrefix + bucket);
            values.put(":u" + bucket, AttributeValue.fromS(position.toString()));
            sets.add("#w" + bucket + " = :u" + bucket);
            if (seen.containsKey(bucket)) {
                values.put(":s" + bucket, AttributeValue.fromS(seen.get(bucket).toString()));
                conditions.add("#w" + bucket + " = :s" + bucket);
            } else {
                conditions.add("attribute_not_exists(#w" + bucket + ")");
            }
        });
        String update = (adds.isEmpty() ? "" : "ADD " + String.join(", ", adds) + " ") + "SET " + String.join(", ", sets);
        try {
            dynamoDb.updateItem(request -> request.tableName(table).key(key(target)).updateExpression(update)
                    .conditionExpression(String.join(" AND ", conditions))
                    .expressionAttributeNames(names).expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    private Map<String, AttributeValue> key(String target) {
        return Map.of(keyAttribute, AttributeValue.fromS(target));
    }
}
