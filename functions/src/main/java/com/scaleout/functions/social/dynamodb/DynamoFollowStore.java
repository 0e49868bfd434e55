package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.AccountMissing;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.Slice;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Follows keyed by (followerId, followeeId): one edge per pair. Two indexes sorted by the edge's ULID list
 * newest first: {@code Following} (followerId) and {@code Followers} (followeeId). An edge and both users'
 * counts change in one transaction conditioned on the edge, so counts equal edges under any concurrency.
 */
public final class DynamoFollowStore implements FollowStore {
    public static final String FOLLOWING_INDEX = "Following";
    public static final String FOLLOWERS_INDEX = "Followers";
    public static final String FOLLOWER_ID = "followerId";
    public static final String FOLLOWEE_ID = "followeeId";
    public static final String EDGE_ID = "edgeId";
    static final String CREATED_AT = "createdAt";

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;

    public DynamoFollowStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
    }

    @Override
    public boolean follow(Edge edge) {
        return changeEdge(TransactWriteItem.builder().put(p -> p.tableName(tables.follows()).item(toItem(edge))
                .conditionExpression("attribute_not_exists(followerId)")).build(),
                edge.followerId(), edge.followeeId(), 1);
    }

    @Override
    public boolean unfollow(String followerId, String followeeId) {
        return changeEdge(TransactWriteItem.builder().delete(d -> d.tableName(tables.follows())
                        .key(Map.of(FOLLOWER_ID, s(followerId), FOLLOWEE_ID, s(followeeId)))
                        .conditionExpression("attribute_exists(followerId)")).build(),
                followerId, followeeId, -1);
    }

    /** The edge write and both counts, together; false when the edge's condition says nothing is to change. */
    private boolean changeEdge(TransactWriteItem edgeWrite, String followerId, String followeeId, int delta) {
        try {
            Transactions.write(dynamoDb, List.of(edgeWrite,
                    DynamoTweetStore.counter(tables.users(), DynamoUserStore.ID, followerId,
                            DynamoUserStore.FOLLOWING, delta),
                    DynamoTweetStore.counter(tables.users(), DynamoUserStore.ID, followeeId,
                            DynamoUserStore.FOLLOWERS, delta)));
            return true;
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0) {
                return false;
            }
            throw new AccountMissing(e.index == 1 ? followerId : followeeId);
        }
    }

    @Override
    public Slice<Edge> following(String followerId, PageRequest page) {
        return edges(FOLLOWING_INDEX, FOLLOWER_ID, followerId, page);
    }

    @Override
    public Slice<Edge> followers(String followeeId, PageRequest page) {
        return edges(FOLLOWERS_INDEX, FOLLOWEE_ID, followeeId, page);
    }

    @Override
    public java.util.Set<String> allFollowerIds(String followeeId) {
        return allIds(FOLLOWERS_INDEX, FOLLOWEE_ID, followeeId, FOLLOWER_ID);
    }

    @Override
    public java.util.Set<String> allFolloweeIds(String followerId) {
        return allIds(null, FOLLOWER_ID, followerId, FOLLOWEE_ID);
    }

    /** Every edge of a partition, paged through, projecting just the other side's id. */
    private java.util.Set<String> allIds(String index, String partitionKey, String value, String idAttribute) {
        var ids = new java.util.HashSet<String>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var response = dynamoDb.query(r -> {
                r.tableName(tables.follows()).keyConditionExpression("#pk = :v")
                        .expressionAttributeNames(Map.of("#pk", partitionKey, "#id", idAttribute))
                        .expressionAttributeValues(Map.of(":v", s(value))).projectionExpression("#id")
                        .exclusiveStartKey(from);
                if (index != null) {
                    r.indexName(index);
                }
            });
            response.items().forEach(item -> ids.add(string(item, idAttribute)));
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
        return ids;
    }

    private Slice<Edge> edges(String index, String partitionKey, String value, PageRequest page) {
        var items = Queries.newestFirst(dynamoDb, tables.follows(), index, partitionKey, value, EDGE_ID, page);
        return Slice.ofOverfetched(items.stream().map(DynamoFollowStore::toEdge).toList(), page.limit());
    }

    public static Map<String, AttributeValue> toItem(Edge edge) {
        return Map.of(FOLLOWER_ID, s(edge.followerId()), FOLLOWEE_ID, s(edge.followeeId()),
                EDGE_ID, s(edge.edgeId()), CREATED_AT, s(edge.createdAt()));
    }

    public static Edge toEdge(Map<String, AttributeValue> item) {
        return new Edge(string(item, FOLLOWER_ID), string(item, FOLLOWEE_ID), string(item, EDGE_ID),
                string(item, CREATED_AT));
    }
}
