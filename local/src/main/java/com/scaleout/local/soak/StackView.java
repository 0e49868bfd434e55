package com.scaleout.local.soak;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What the reconciler reads of the stack: the public API's answers, every page of a list. */
public interface StackView {
    /** A profile's counts. */
    record Profile(long followers, long following, long tweets) {
    }

    /** An album's reviews. */
    record Reviews(long likes, long dislikes) {
    }

    Optional<Profile> profile(String username);

    boolean tweetExists(String id);

    Set<String> userTweets(String username);

    Set<String> userReplies(String username);

    Set<String> mentions(String username);

    Set<String> following(String username);

    Set<String> hashtag(String tag);

    Set<String> search(String query);

    /** The tweet ids of the user's home timeline (logged in as the user). */
    Set<String> homeTimeline(String username);

    Set<String> replies(String tweetId);

    /** The usernames of those who retweeted it. */
    Set<String> retweeters(String tweetId);

    boolean albumExists(String albumId);

    Optional<Reviews> reviews(String albumId);

    /** The highest applied sequence of each key (its {@code id}) in the table's change log. */
    Map<String, Long> importChanges(long clientId, String table);
}
