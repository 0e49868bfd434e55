package com.scaleout.bench.soak;

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

    /** The lists the checks read: each a public route of one user, tag, query or tweet, and the field it lists. */
    enum Listing {
        USER_TWEETS("/users/%s/tweets", "id"), USER_REPLIES("/users/%s/replies", "id"),
        MENTIONS("/users/%s/mentions", "id"), FOLLOWING("/users/%s/following", "username"),
        HASHTAG("/hashtags/%s/tweets", "id"), SEARCH("/search?q=%s", "id"), REPLIES("/tweets/%s/replies", "id"),
        RETWEETERS("/tweets/%s/retweets", "username");

        private final String route;
        private final String field;

        Listing(String route, String field) {
            this.route = route;
            this.field = field;
        }

        /** The route for {@code key} (URL-encoded into it). */
        String path(String key) {
            return route.replace("%s", java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8));
        }

        /** The field of each item the list is about: a tweet's id or a user's username. */
        String field() {
            return field;
        }
    }

    /** Every item of the list (all its pages). */
    Set<String> list(Listing listing, String key);

    /** The tweet ids of the user's home timeline (logged in as the user). */
    Set<String> homeTimeline(String username);

    boolean albumExists(String albumId);

    Optional<Reviews> reviews(String albumId);

    /** The highest applied sequence of each key (its {@code id}) in the table's change log. */
    Map<String, Long> importChanges(long clientId, String table);
}
