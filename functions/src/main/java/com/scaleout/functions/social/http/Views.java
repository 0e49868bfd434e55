package com.scaleout.functions.social.http;

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
                       long following, long tweets, String bio) {
        static ProfileView of(User user) {
            return new ProfileView(user.id(), user.username(), user.displayName(), user.createdAt(),
                    Math.max(0, user.followers()), Math.max(0, user.following()), Math.max(0, user.tweets()),
                    user.bio());
        }
    }

    record AuthorView(String id, String username) {
    }

    record TweetView(String id, AuthorView author, String text, String createdAt, String inReplyTo,
                     List<String> hashtags, List<String> mentions, long replies, long retweets) {
        static TweetView of(Tweet tweet) {
            return new TweetView(tweet.id(), new AuthorView(tweet.authorId(), tweet.authorUsername()), tweet.text(),
                    tweet.createdAt(), tweet.inReplyTo().orElse(null), tweet.hashtags(),
                    tweet.mentions().stream().map(Mention::username).toList(), tweet.replies(), tweet.retweets());
        }
    }

    record SessionView(String token, String expiresAt, UserView user) {
    }

    record RetweetersView(List<UserView> items, String next, long count) {
    }
}
