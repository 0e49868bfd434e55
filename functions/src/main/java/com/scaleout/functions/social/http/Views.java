package com.scaleout.functions.social.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.List;
import java.util.Map;

/** The JSON shapes of API.md: user, profile, tweet, session. */
final class Views {

    private Views() {
    }

    record UserView(String id, String username, String displayName, String createdAt) {
        static UserView of(User user) {
            return new UserView(user.id(), user.username(), user.displayName(), user.createdAt());
        }
    }

    record ProfileView(String id, String username, String displayName, String createdAt, long followers,
                       long following, long tweets, String bio) {
        static ProfileView of(User user) {
            return new ProfileView(user.id(), user.username(), user.displayName(), user.createdAt(),
                    Math.max(0, user.followers()), Math.max(0, user.following()), Math.max(0, user.tweets()),
                    user.bio());
        }
    }

    record AuthorView(String id, String username) {
    }

    /** A tweet's author as its header shows them: the current display name (the username when none is known). */
    record TweetAuthorView(String id, String username, String displayName) {
    }

    /**
     * {@code retweetedByMe} and {@code likedByMe} only for a caller with a session (null: left out).
     */
    record TweetView(String id, TweetAuthorView author, String text, String createdAt, String inReplyTo,
                     String inReplyToUsername, List<String> hashtags, List<String> mentions, long replies,
                     long retweets, long likes,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retweetedByMe,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Boolean likedByMe) {
        /**
         * As an anonymous caller sees it.
         *
         * @param displayNames the current display names of the authors by id ({@link
         *                     com.scaleout.functions.social.application.AuthorNames}), one look-up for a whole page
         */
        static TweetView of(Tweet tweet, Map<String, String> displayNames) {
            return of(tweet, displayNames, null);
        }

        static TweetView of(Tweet tweet, Map<String, String> displayNames, CallerState caller) {
            return new TweetView(tweet.id(), new TweetAuthorView(tweet.authorId(), tweet.authorUsername(),
                    displayNames.getOrDefault(tweet.authorId(), tweet.authorUsername())), tweet.text(),
                    tweet.createdAt(), tweet.inReplyTo().orElse(null), tweet.inReplyToUsername().orElse(null),
                    tweet.hashtags(), tweet.mentions().stream().map(Mention::username).toList(), tweet.replies(),
                    tweet.retweets(), tweet.likes(), caller == null ? null : caller.retweeted(),
                    caller == null ? null : caller.liked());
        }
    }

    record SessionView(String token, String expiresAt, UserView user) {
    }

    /** A page of the users who retweeted or liked a tweet, with how many did in all. */
    record CountedUsersView(List<UserView> items, String next, long count) {
    }
}
