package com.scaleout.functions.social.dynamodb;

import java.util.ArrayList;
import java.util.List;

/**
 * Write sharding: the partition key {@code <key>#<n>} of one of a key's {@code shards}, n from a hash of what spreads
 * the writes (the other party's id: the follower, the liker), so that a hot key's writes spread over that many
 * partition keys; the same value always lands in the same shard. A read of the key reads every shard.
 */
final class Shards {
    private Shards() {
    }

    static String of(String key, String spreadBy, int shards) {
        return key + "#" + Math.floorMod(spreadBy.hashCode(), shards);
    }

    static List<String> all(String key, int shards) {
        var all = new ArrayList<String>(shards);
        for (int shard = 0; shard < shards; shard++) {
            all.add(key + "#" + shard);
        }
        return all;
    }
}
