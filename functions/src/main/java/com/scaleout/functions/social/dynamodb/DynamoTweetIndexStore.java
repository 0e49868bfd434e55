package com.scaleout.functions.social.dynamodb;

import static com.scaleout.functions.shared.aws.Attributes.s;
import static com.scaleout.functions.shared.aws.Attributes.string;

import com.scaleout.functions.shared.aws.Batches;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.application.Slice;
import com.scaleout.functions.social.application.TweetIndexStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.TweetText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The TweetIndex table: items {@code (key, tweetId)} for everyone's recent tweets, each hashtag and each
 * mentioned user. Keys are write-sharded ({@code recent#3}, {@code tag#java#1}, {@code mention#<id>#0}) by a
 * hash of the tweet id, so one trending hashtag or one very mentioned account spreads its writes over several
 * partitions; a read queries every shard and merges by tweet id (time).
 */
public final class DynamoTweetIndexStore implements TweetIndexStore {
    public static final String KEY = "key";
    public static final String TWEET_ID = "tweetId";
    /** Shards per list: everyone's tweets land in "recent", so it gets the most. */
    public static final int RECENT_SHARDS = 8;
    public static final int TAG_SHARDS = 4;
    public static final int MENTION_SHARDS = 4;

    private final DynamoDbClient dynamoDb;
    private final String table;

    public DynamoTweetIndexStore(DynamoDbClient dynamoDb, SocialTables tables) {
        this.dynamoDb = dynamoDb;
        this.table = tables.tweetIndex();
    }

    static List<String> keysOf(Tweet tweet) {
        var keys = new ArrayList<String>();
        keys.add(shardedKey("recent", tweet.id(), RECENT_SHARDS));
        for (String tag : tweet.hashtags()) {
            keys.add(shardedKey("tag#" + TweetText.normalizeTag(tag), tweet.id(), TAG_SHARDS));
        }
        for (Mention mention : tweet.mentions()) {
            keys.add(shardedKey("mention#" + mention.userId(), tweet.id(), MENTION_SHARDS));
        }
        return keys.stream().distinct().toList();
    }

    static String shardedKey(String list, String tweetId, int shards) {
        return list + "#" + Math.floorMod(tweetId.hashCode(), shards);
    }

    @Override
    public void add(Tweet tweet) {
        write(keysOf(tweet).stream().map(key -> WriteRequest.builder().putRequest(p -> p.item(Map.of(
                KEY, s(key), TWEET_ID, s(tweet.id())))).build()).toList());
    }

    /** A batch's entries in full BatchWriteItems (25 a call) instead of one call per tweet; each key once. */
    @Override
    public void addAll(List<Tweet> tweets) {
        var entries = new java.util.LinkedHashMap<String, WriteRequest>();
        for (Tweet tweet : tweets) {
            for (String key : keysOf(tweet)) {
                entries.put(key + "|" + tweet.id(), WriteRequest.builder().putRequest(p -> p.item(Map.of(
                        KEY, s(key), TWEET_ID, s(tweet.id())))).build());
            }
        }
        write(List.copyOf(entries.values()));
    }

    @Override
    public void remove(Tweet tweet) {
        write(keysOf(tweet).stream().map(key -> WriteRequest.builder().deleteRequest(d -> d.key(Map.of(
                KEY, s(key), TWEET_ID, s(tweet.id())))).build()).toList());
    }

    private void write(List<WriteRequest> requests) {
        Batches.writeAll(dynamoDb, table, requests);
    }

    @Override
    public Slice<String> recent(PageRequest page) {
        return merged("recent", RECENT_SHARDS, page);
    }

    @Override
    public Slice<String> byHashtag(String normalizedTag, PageRequest page) {
        return merged("tag#" + normalizedTag, TAG_SHARDS, page);
    }

    @Override
    public Slice<String> mentioning(String userId, PageRequest page) {
        return merged("mention#" + userId, MENTION_SHARDS, page);
    }

    /** Newest first across every shard: each shard's first page, merged, cut to the page size. */
    private Slice<String> merged(String list, int shards, PageRequest page) {
        var ids = new TreeSet<String>(Comparator.reverseOrder());
        for (int shard = 0; shard < shards; shard++) {
            for (var item : Queries.newestFirst(dynamoDb, table, null, KEY, list + "#" + shard, TWEET_ID, page)) {
                ids.add(string(item, TWEET_ID));
            }
        }
        return Slice.ofOverfetched(new ArrayList<>(ids), page.limit());
    }
}
