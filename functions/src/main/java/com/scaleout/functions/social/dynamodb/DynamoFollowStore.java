package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.aws.ConcurrentCalls;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.AccountMissing;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.application.Slice;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Follows keyed by (followerId, followeeId): one edge per pair. Two indexes sorted by the edge's ULID list
 * newest first: {@code Following} (followerId) and {@code FollowersByShard}, whose partition is one of the
 * followee's {@value #FOLLOWER_SHARDS} shards ({@code followeeShard}, {@code <followeeId>#<n>}, n from the follower's
 * id): a celebrity followed 2,000 times a second writes 200 index items a second per shard, where one partition takes
 * 1,000, and a list reads every shard at once and merges them. An edge, the follower's following count and the
 * followee's follower count change in one transaction conditioned on the edge; the follower count through the
 * social count log ({@link SocialCountLog}), folded into the followee's item moments later, so that a celebrity's
 * one item is not written by every follow. Counts equal edges under any concurrency, the follower count once folded.
 */
public final class DynamoFollowStore implements FollowStore {
    public static final String FOLLOWING_INDEX = "Following";
    public static final String FOLLOWERS_INDEX = "FollowersByShard";
    public static final String FOLLOWER_ID = "followerId";
    public static final String FOLLOWEE_ID = "followeeId";
    public static final String FOLLOWEE_SHARD = "followeeShard";
    public static final String EDGE_ID = "edgeId";
    static final String CREATED_AT = "createdAt";
    /** Shards of a followee's followers in the index: 10,000 follows a second of one account at 1,000 per shard. */
    public static final int FOLLOWER_SHARDS = 10;
    /** Shard Queries in flight at once per execution environment: one list's shards, all at once. */
    private static final int CONCURRENT_QUERIES = FOLLOWER_SHARDS;

    private final DynamoDbClient dynamoDb;
    private final SocialTables tables;
    private final Clock clock;
    private final ConcurrentCalls queries = new ConcurrentCalls("followers-query", CONCURRENT_QUERIES);

    public DynamoFollowStore(DynamoDbClient dynamoDb, SocialTables tables, Clock clock) {
        this.dynamoDb = dynamoDb;
        this.tables = tables;
        this.clock = clock;
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

    /**
     * The edge write, the follower's count and the followee's count's change in the log, together; false when the
     * edge's condition says nothing is to change. The followee's account is not checked here (its item is the hot
     * one): the service found it by its username, and a change of an account gone by the time it is folded (a reset)
     * counts nothing.
     */
    private boolean changeEdge(TransactWriteItem edgeWrite, String followerId, String followeeId, int delta) {
        try {
            Transactions.write(dynamoDb, List.of(edgeWrite,
                    DynamoTweetStore.counter(tables.users(), DynamoUserStore.ID, followerId,
                            DynamoUserStore.FOLLOWING, delta),
                    SocialCountLog.change(tables.countLog(), SocialCountLog.FOLLOWERS, followeeId, followerId, delta,
                            clock.instant())));
            return true;
        } catch (Transactions.ConditionFailed e) {
            if (e.index == 0) {
                return false;
            }
            throw new AccountMissing(followerId);
        }
    }

    @Override
    public Slice<Edge> following(String followerId, PageRequest page) {
        return edges(FOLLOWING_INDEX, FOLLOWER_ID, followerId, page);
    }

    /** Each shard's newest page at once, merged newest first: the newest {@code limit} of all, exactly. */
    @Override
    public Slice<Edge> followers(String followeeId, PageRequest page) {
        return Slice.ofOverfetched(Queries.newestFirstAcross(dynamoDb, queries, tables.follows(), FOLLOWERS_INDEX,
                FOLLOWEE_SHARD, Shards.all(followeeId, FOLLOWER_SHARDS), EDGE_ID, page).stream()
                .map(DynamoFollowStore::toEdge).toList(), page.limit());
    }

    @Override
    public java.util.Set<String> allFollowerIds(String followeeId) {
        var ids = new java.util.HashSet<String>();
        var shardQueries = new ArrayList<Callable<java.util.Set<String>>>();
        Shards.all(followeeId, FOLLOWER_SHARDS).forEach(partition ->
                shardQueries.add(() -> allIds(FOLLOWERS_INDEX, FOLLOWEE_SHARD, partition, FOLLOWER_ID)));
        queries.all(shardQueries).forEach(ids::addAll);
        return ids;
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
                FOLLOWEE_SHARD, s(followeeShard(edge.followeeId(), edge.followerId())),
                EDGE_ID, s(edge.edgeId()), CREATED_AT, s(edge.createdAt()));
    }

    /** The followee's shard an edge is listed under: the follower's id picks it. */
    static String followeeShard(String followeeId, String followerId) {
        return Shards.of(followeeId, followerId, FOLLOWER_SHARDS);
    }

    public static Edge toEdge(Map<String, AttributeValue> item) {
        return new Edge(string(item, FOLLOWER_ID), string(item, FOLLOWEE_ID), string(item, EDGE_ID),
                string(item, CREATED_AT));
    }
}
