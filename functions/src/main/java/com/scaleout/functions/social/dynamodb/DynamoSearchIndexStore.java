package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.social.application.SearchIndexStore;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The SearchIndex table: an item {@code (term#shard, tweetId)} per distinct term of a tweet. A term's postings are
 * spread over {@value #SHARDS} partitions by a hash of the tweet id, so a trending term takes four partitions'
 * write capacity; a read queries every shard and merges newest first.
 */
public final class DynamoSearchIndexStore implements SearchIndexStore {
    public static final String TERM = "term";
    public static final String TWEET_ID = "tweetId";
    static final int SHARDS = 4;

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoSearchIndexStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.table = tables.searchIndex();
    }

    static String key(String term, String tweetId) {
        return term + "#" + Math.floorMod(tweetId.hashCode(), SHARDS);
    }

    @Override
    public void add(String tweetId, List<String> terms) {
        Batches.writeAll(dynamoDb, table, terms.stream().map(term -> WriteRequest.builder().putRequest(p -> p.item(
                Map.of(TERM, s(key(term, tweetId)), TWEET_ID, s(tweetId)))).build()).toList());
    }

    @Override
    public void remove(String tweetId, List<String> terms) {
        Batches.writeAll(dynamoDb, table, terms.stream().map(term -> WriteRequest.builder().deleteRequest(d -> d.key(
                Map.of(TERM, s(key(term, tweetId)), TWEET_ID, s(tweetId)))).build()).toList());
    }

    /**
     * The newest postings of each shard, merged. Tweets land in shards by a hash, so the newest {@code limit}
     * overall are spread evenly; each shard is asked for 1.5 times its even share, which covers them unless one
     * shard holds far more than its share of the newest (the result is then the newest {@code limit} of what was
     * read), for one small Query per shard instead of {@code limit} items from each.
     */
    @Override
    public List<String> postings(String term, String newest, int limit) {
        int perShard = Math.max(10, limit * 3 / (2 * SHARDS));
        var ids = new TreeSet<String>(Comparator.reverseOrder());
        for (int shard = 0; shard < SHARDS; shard++) {
            String partition = term + "#" + shard;
            dynamoDb.query(r -> r.tableName(table)
                            .keyConditionExpression("#t = :t AND tweetId <= :newest")
                            .expressionAttributeNames(Map.of("#t", TERM))
                            .expressionAttributeValues(Map.of(":t", s(partition), ":newest", s(newest)))
                            .scanIndexForward(false).limit(perShard))
                    .items().forEach(item -> ids.add(string(item, TWEET_ID)));
        }
        return ids.stream().limit(limit).toList();
    }
}
