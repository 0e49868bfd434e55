package com.scaleout.functions.social.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** The index's read: every term's shard Queries in flight together, each term's postings merged newest first. */
class DynamoSearchIndexStoreTest {
    /** Generous: the latch opens only once every expected Query is in flight at the same time. */
    private static final long BUDGET_SECONDS = 30;
    private static final String NEWEST = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
    private static final SocialTables TABLES = new SocialTables("Users", "Usernames", "Sessions", "Tweets",
            "TweetIndex", "Retweets", "Follows", "SearchIndex", "Likes", "CountLog");

    /** Shards held as the table holds them: partition {@code term#shard}, sort key the tweet id. */
    private final Map<String, TreeSet<String>> partitions = new TreeMap<>();

    @Test
    void aFiveTermQueryHasAllTwentyShardQueriesInFlightAtOnceAndMergesEachTerm() {
        List<String> terms = List.of("alpha", "#beta", "@carol", "delta", "echo");
        for (int t = 0; t < 60; t++) {
            String id = String.format("01J%023d", t);
            indexed(id, terms.get(t % terms.size()), "alpha");
        }
        var allInFlight = new CountDownLatch(terms.size() * DynamoSearchIndexStore.SHARDS);
        var store = new DynamoSearchIndexStore(fake(request -> {
            allInFlight.countDown();
            await(allInFlight);
        }), TABLES);

        var postings = store.postings(terms, NEWEST, 1000);

        assertThat(allInFlight.getCount()).isZero();
        assertThat(postings.keySet()).containsExactlyElementsOf(terms);
        terms.forEach(term -> assertThat(postings.get(term)).as(term).isEqualTo(expected(term, NEWEST, 1000)));
        assertThat(postings.get("alpha")).hasSize(60);
    }

    @Test
    void eachTermKeepsItsNewestUpToTheLimitAndTheSnapshot() {
        for (int t = 0; t < 200; t++) {
            indexed(String.format("01J%023d", t), "word");
        }
        String snapshot = String.format("01J%023d", 150);
        var store = new DynamoSearchIndexStore(fake(request -> { }), TABLES);

        // 1.5 times each shard's share of 40 is 15, more than its share of the newest 40 of 151
        var postings = store.postings(List.of("word", "unseen"), snapshot, 40);

        assertThat(postings.get("word")).isEqualTo(expected("word", snapshot, 40)).hasSize(40)
                .startsWith(snapshot);
        assertThat(postings.get("unseen")).isEmpty();
    }

    @Test
    void aQueryOfMoreTermsThanTheBoundCoversNeverHasMoreThanTheBoundInFlight() {
        var terms = new ArrayList<String>();
        for (int t = 0; t < 20; t++) {
            terms.add("term" + t);
            indexed(String.format("01J%023d", t), "term" + t);
        }
        var inFlight = new AtomicInteger();
        var most = new AtomicInteger();
        var boundReached = new CountDownLatch(DynamoSearchIndexStore.DEFAULT_MAX_CONCURRENT_QUERIES);
        var store = new DynamoSearchIndexStore(fake(request -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            boundReached.countDown();
            await(boundReached); // the first 40 hold their connections until all 40 are open
            inFlight.decrementAndGet();
        }), TABLES);

        var postings = store.postings(terms, NEWEST, 1000);

        assertThat(most).hasValue(DynamoSearchIndexStore.DEFAULT_MAX_CONCURRENT_QUERIES);
        terms.forEach(term -> assertThat(postings.get(term)).as(term).hasSize(1));
    }

    private void indexed(String tweetId, String... terms) {
        for (String term : terms) {
            partitions.computeIfAbsent(DynamoSearchIndexStore.key(term, tweetId), k -> new TreeSet<>()).add(tweetId);
        }
    }

    @Test
    void aBatchsChangesAreWrittenInFullBatchWritesEachKeyOnceAsItsLastChange() {
        var calls = new ArrayList<List<software.amazon.awssdk.services.dynamodb.model.WriteRequest>>();
        var store = new DynamoSearchIndexStore(new DynamoDbClient() {
            @Override
            public software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse batchWriteItem(
                    software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest request) {
                calls.add(request.requestItems().get("SearchIndex"));
                return software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse.builder().build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        }, TABLES);
        var terms = List.of("alpha", "bravo", "charlie", "delta", "echo", "foxtrot");
        var changes = new ArrayList<com.scaleout.functions.social.application.SearchIndexStore.Change>();
        for (int t = 0; t < 10; t++) {
            changes.add(new com.scaleout.functions.social.application.SearchIndexStore.Change(
                    String.format("01J%023d", t), terms, true));
        }
        // the first tweet deleted in the same batch
        changes.add(new com.scaleout.functions.social.application.SearchIndexStore.Change(
                String.format("01J%023d", 0), terms, false));

        store.apply(changes);

        assertThat(calls).hasSize(3); // 60 postings, 25 a call
        var written = calls.stream().flatMap(List::stream).toList();
        assertThat(written).hasSize(60);
        assertThat(calls).allSatisfy(call -> assertThat(call.stream().map(w -> w.putRequest() != null
                ? w.putRequest().item() : w.deleteRequest().key()).toList()).doesNotHaveDuplicates());
        assertThat(written.stream().filter(w -> w.deleteRequest() != null)).hasSize(6)
                .allSatisfy(w -> assertThat(w.deleteRequest().key().get(DynamoSearchIndexStore.TWEET_ID).s())
                        .isEqualTo(String.format("01J%023d", 0)));
    }

    /** What a single-threaded read of every posting would answer: the term's newest ids, all shards together. */
    private List<String> expected(String term, String newest, int limit) {
        var ids = new TreeSet<String>(Comparator.reverseOrder());
        partitions.forEach((partition, shardIds) -> {
            if (partition.startsWith(term + "#")) {
                ids.addAll(shardIds.headSet(newest, true));
            }
        });
        return ids.stream().limit(limit).toList();
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(BUDGET_SECONDS, TimeUnit.SECONDS)).as("every Query in flight together").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Answers Queries from {@link #partitions} as DynamoDB would (newest first, up to the key, Limit); first runs {@code inFlight}. */
    private DynamoDbClient fake(Consumer<QueryRequest> inFlight) {
        return new DynamoDbClient() {
            @Override
            public QueryResponse query(QueryRequest request) {
                inFlight.accept(request);
                String partition = request.expressionAttributeValues().get(":t").s();
                String newest = request.expressionAttributeValues().get(":newest").s();
                assertThat(request.scanIndexForward()).isFalse();
                TreeSet<String> ids;
                synchronized (partitions) {
                    ids = new TreeSet<>(partitions.getOrDefault(partition, new TreeSet<>()));
                }
                var items = ids.headSet(newest, true).descendingSet().stream().limit(request.limit())
                        .map(id -> Map.of(DynamoSearchIndexStore.TERM, AttributeValue.fromS(partition),
                                DynamoSearchIndexStore.TWEET_ID, AttributeValue.fromS(id)))
                        .toList();
                return QueryResponse.builder().items(items).build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        };
    }
}
