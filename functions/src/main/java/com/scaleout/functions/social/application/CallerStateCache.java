package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.ActedTweets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Per user, the ids of the tweets they retweeted and liked, built from DynamoDB when missing and kept up by the
 * retweet and like writes. A copy is either built (then it knows every act from its floor on) or missing; writes to a
 * missing copy never make it look built.
 */
public interface CallerStateCache {
    /**
     * Acts of each kind a built copy holds from DynamoDB at most: enough for every tweet a reader pages through in a
     * session (a timeline holds 1,000 entries), while a rebuild stays one Query per kind of at most ~200 KB.
     */
    int CAPACITY = 1000;
    /** Bounds how long a copy can be wrong after a write whose update of it failed, and the memory of idle users. */
    Duration TTL = Duration.ofHours(1);

    /** What a built copy knows of these tweets (only their ids, and the floors); empty when the copy is missing. */
    Optional<UserActs> read(String userId, List<String> tweetIds);

    /** Builds the user's copy from a DynamoDB snapshot, on top of what writes added since it went missing. */
    void replace(String userId, UserActs snapshot);

    /** Records a retweet ({@code now} true) or its undoing, in a copy that exists. */
    void retweeted(String userId, String tweetId, boolean now);

    /** Records a like ({@code now} true) or its undoing, in a copy that exists. */
    void liked(String userId, String tweetId, boolean now);

    /** The tweets a user retweeted and those they liked. */
    record UserActs(ActedTweets retweeted, ActedTweets liked) {
    }
}
