package com.scaleout.functions.social.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.List;

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
                       long following, long tweets) {
        static ProfileView of(User user) {
            return new ProfileView(user.id(), user.username(), user.displayName(), user.createdAt(),
                    Math.max(0, user.followers()), Math.max(0, user.following()), Math.max(0, user.tweets()));
        }
    }

    record AuthorView(String id, String username) {
    }

    /** {@code retweetedByMe} and {@code likedByMe} only for a caller with a session (null: left out). */
    record TweetView(String id, AuthorView author, String text, String createdAt, String inReplyTo,
                     List<String> hashtags, List<String> mentions, long replies, long retweets, long likes,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retweetedByMe,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Boolean likedByMe) {
        /** As an anonymous caller sees it. */
        static TweetView of(Tweet tweet) {
            return of(tweet, null);
        }

        static TweetView of(Tweet tweet, CallerState caller) {
            return new TweetView(tweet.id(), new AuthorView(tweet.authorId(), tweet.authorUsername()), tweet.text(),
                    tweet.createdAt(), tweet.inReplyTo().orElse(null), tweet.hashtags(),
                    tweet.mentions().stream().map(Mention::username).toList(), tweet.replies(), tweet.retweets(),
                    tweet.likes(), caller == null ? null : caller.retweeted(), caller == null ? null : caller.liked());
        }
    }

    record SessionView(String token, String expiresAt, UserView user) {
    }

    /** A page of the users who retweeted or liked a tweet, with how many did in all. */
    record CountedUsersView(List<UserView> items, String next, long count) {
    }
}
