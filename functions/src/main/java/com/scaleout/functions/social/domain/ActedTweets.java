package com.scaleout.functions.social.domain;

import com.scaleout.functions.shared.ids.Ids;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The tweets one user liked (or retweeted), as far as a bounded copy knows them: every one, or only those acted on
 * since {@code floor} (the time-ordered id of the oldest act kept) when the user has more than the copy holds.
 *
 * @param tweetIds the ids known to be acted on (a copy read for a page holds only that page's)
 * @param floor    empty when {@code tweetIds} is complete
 */
public record ActedTweets(Set<String> tweetIds, Optional<String> floor) {
    /**
     * How far the clocks that stamp a tweet and an act on it may disagree: an act is never older than its tweet, but
     * the two ids are stamped by different machines' clocks.
     */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(1);

    public ActedTweets {
        tweetIds = Set.copyOf(tweetIds);
    }

    public static ActedTweets complete(Set<String> tweetIds) {
        return new ActedTweets(tweetIds, Optional.empty());
    }

    /**
     * Whether the user acted on the tweet, if this copy can say: a kept id is an act; a missing one is none when the
     * copy is complete or the tweet is newer than the floor (any act on it would be newer still, so kept); else
     * unknown.
     */
    public Optional<Boolean> actedOn(String tweetId) {
        if (tweetIds.contains(tweetId)) {
            return Optional.of(true);
        }
        if (floor.isEmpty() || newerThanFloor(tweetId, floor.get())) {
            return Optional.of(false);
        }
        return Optional.empty();
    }

    private static boolean newerThanFloor(String tweetId, String floor) {
        return Ids.isId(tweetId) && Ids.isId(floor)
                && Ids.timeOf(tweetId).isAfter(Ids.timeOf(floor).plus(CLOCK_SKEW));
    }
}
