package com.scaleout.bench.capacity;

import com.scaleout.functions.albums.ReviewLog;
import com.scaleout.functions.social.dynamodb.CountedRows;
import com.scaleout.functions.social.dynamodb.DynamoFollowStore;
import com.scaleout.functions.social.dynamodb.DynamoSearchIndexStore;
import com.scaleout.functions.social.dynamodb.DynamoTweetIndexStore;
import com.scaleout.functions.social.dynamodb.SocialCountLog;

/**
 * Over how many partition keys a write-sharded key's load spreads ({@code <key>#<n>}), from the stores' own shard
 * counts, and which keys are shared by every request of a kind rather than belonging to one entity: the only one in
 * this design is the everyone's-newest list, {@code recent#n} (every tweet writes one of its shards).
 */
public final class KeySpread {
    private KeySpread() {
    }

    /** The shards of {@code pattern} in {@code table} (1 for a key that is not sharded). */
    public static int shards(String table, String pattern) {
        if (!pattern.endsWith("#{n}")) {
            return 1;
        }
        return switch (table) {
            case "TweetIndex" -> pattern.startsWith("recent#") ? DynamoTweetIndexStore.RECENT_SHARDS
                    : pattern.startsWith("tag#") ? DynamoTweetIndexStore.TAG_SHARDS
                    : DynamoTweetIndexStore.MENTION_SHARDS;
            case "SearchIndex" -> DynamoSearchIndexStore.SHARDS;
            case "Follows" -> DynamoFollowStore.FOLLOWER_SHARDS;
            case "Likes", "Retweets" -> CountedRows.BUCKETS;
            case "CountLog" -> SocialCountLog.BUCKETS;
            case "AlbumReviews" -> ReviewLog.BUCKETS;
            default -> throw new IllegalArgumentException("no shard count known for " + table + " key " + pattern
                    + ": add it to KeySpread");
        };
    }

    /** Whether every request of a kind shares the key, whoever makes it (its load is not spread by entity). */
    public static boolean shared(String table, String pattern) {
        return table.equals("TweetIndex") && pattern.equals("recent#{n}");
    }
}
