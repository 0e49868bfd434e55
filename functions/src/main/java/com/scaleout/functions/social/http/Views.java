package com.scaleout.functions.social.http;

import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.views.TweetView;
import java.util.List;

/** The JSON shapes of API.md: user, profile, session (a tweet's: {@link TweetView}). */
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

    record SessionView(String token, String expiresAt, UserView user) {
    }

    /** A page of the users who retweeted or liked a tweet, with how many did in all. */
    record CountedUsersView(List<UserView> items, String next, long count) {
    }
}
