package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.shared.aws.ConcurrentCalls;
import com.scaleout.functions.social.application.SearchIndexStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The SearchIndex table: an item {@code (term#shard, tweetId)} per distinct term of a tweet. A term's postings are
 * spread over {@value #SHARDS} partitions by a hash of the tweet id, so a trending term takes four partitions'
 * write capacity; a read queries every shard of every term at once and merges each term's newest first.
 */
public final class DynamoSearchIndexStore implements SearchIndexStore {
    public static final String TERM = "term";
    public static final String TWEET_ID = "tweetId";
    public static final int SHARDS = 4;
    /** Up to this many postings per term, every shard is read for all of them (a one-term search's page). */
    static final int EXACT_UP_TO = 100;
    /**
     * Shard Queries in flight at once per execution environment, by default: every shard of a query of 10 tags or
     * mentions ({@code SearchTerms.MAX_QUERY_TERMS}), or of 5 words (each read with its tag) at once, and no more
     * whatever the caller asks (a longer query waits for a second round); each is one HTTP connection while it runs. {@link Settings#SEARCH_QUERY_CONCURRENCY} declares it.
     */
    public static final int DEFAULT_MAX_CONCURRENT_QUERIES = Settings.SEARCH_QUERY_CONCURRENCY.defaultInt();

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final ConcurrentCalls queries;

    public DynamoSearchIndexStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this(dynamoDb, tables, DEFAULT_MAX_CONCURRENT_QUERIES);
    }

    public DynamoSearchIndexStore(DynamoDbClient dynamoDb, SocialTables tables, int maxConcurrentQueries) {
        this.dynamoDb = dynamoDb;
        this.table = tables.searchIndex();
        this.queries = new ConcurrentCalls("search-index-query", maxConcurrentQueries);
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
     * Every posting of the batch in full BatchWriteItems (25 a call) instead of one call per tweet. A posting both
     * added and removed in the batch (a tweet deleted right after it was made) is written once, as its last change:
     * one BatchWriteItem may not name a key twice.
     */
    @Override
    public void apply(List<Change> changes) {
        var last = new LinkedHashMap<String, WriteRequest>();
        for (Change change : changes) {
            for (String term : change.terms()) {
                String partition = key(term, change.tweetId());
                var posting = Map.of(TERM, s(partition), TWEET_ID, s(change.tweetId()));
                String id = partition + "|" + change.tweetId();
                last.remove(id); // put back at the end: the batch's writes keep their order
                last.put(id, change.added() ? WriteRequest.builder().putRequest(p -> p.item(posting)).build()
                        : WriteRequest.builder().deleteRequest(d -> d.key(posting)).build());
            }
        }
        Batches.writeAll(dynamoDb, table, List.copyOf(last.values()));
    }

    /**
     * The newest postings of each term's shards, merged per term. Tweets land in shards by a hash, so the newest
     * {@code limit} overall are spread evenly; each shard is asked for 1.5 times its even share, which covers them
     * unless one shard holds far more than its share of the newest (the result is then the newest {@code limit} of
     * what was read), for one small Query per shard instead of {@code limit} items from each; up to
     * {@link #EXACT_UP_TO} each shard is asked for {@code limit}, which is exact and still small. The Queries of every
     * term and shard are independent and made at once (up to the store's bound), so a query of k
     * terms waits about one Query's latency, not 4k of them.
     */
    @Override
    public Map<String, List<String>> postings(List<String> terms, String newest, int limit) {
        int perShard = limit <= EXACT_UP_TO ? limit : Math.max(10, limit * 3 / (2 * SHARDS));
        var shardQueries = new ArrayList<Callable<List<String>>>(terms.size() * SHARDS);
        for (String term : terms) {
            for (int shard = 0; shard < SHARDS; shard++) {
                String partition = term + "#" + shard;
                shardQueries.add(() -> newestOf(partition, newest, perShard));
            }
        }
        List<List<String>> shardIds = queries.all(shardQueries);
        var byTerm = new LinkedHashMap<String, List<String>>();
        for (int t = 0; t < terms.size(); t++) {
            var ids = new TreeSet<String>(Comparator.reverseOrder());
            shardIds.subList(t * SHARDS, (t + 1) * SHARDS).forEach(ids::addAll);
            byTerm.put(terms.get(t), ids.stream().limit(limit).toList());
        }
        return byTerm;
    }

    private List<String> newestOf(String partition, String newest, int perShard) {
        return dynamoDb.query(r -> r.tableName(table)
                        .keyConditionExpression("#t = :t AND tweetId <= :newest")
                        .expressionAttributeNames(Map.of("#t", TERM))
                        .expressionAttributeValues(Map.of(":t", s(partition), ":newest", s(newest)))
                        .scanIndexForward(false).limit(perShard))
                .items().stream().map(item -> string(item, TWEET_ID)).toList();
    }
}
