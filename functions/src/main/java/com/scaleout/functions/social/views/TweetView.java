package com.scaleout.functions.social.views;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.social.domain.CallerState;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Map;

/**
 * A tweet's JSON shape, the one of API.md: the HTTP API's answers and the live API's messages show tweets alike.
 * {@code retweetedByMe} and {@code likedByMe} only for a caller with a session (null: left out).
 */
public record TweetView(String id, TweetAuthorView author, String text, String createdAt, String inReplyTo,
                        String inReplyToUsername, List<String> hashtags, List<String> mentions, long replies,
                        long retweets, long likes,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retweetedByMe,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean likedByMe) {

    /** A tweet's author as its header shows them: the current display name (the username when none is known). */
    public record TweetAuthorView(String id, String username, String displayName) {
    }

    /**
     * As an anonymous caller sees it.
     *
     * @param displayNames the current display names of the authors by id ({@link
     *                     com.scaleout.functions.social.application.AuthorNames}), one look-up for a whole page
     */
    public static TweetView of(Tweet tweet, Map<String, String> displayNames) {
        return of(tweet, displayNames, null);
    }

    public static TweetView of(Tweet tweet, Map<String, String> displayNames, CallerState caller) {
        return new TweetView(tweet.id(), new TweetAuthorView(tweet.authorId(), tweet.authorUsername(),
                displayNames.getOrDefault(tweet.authorId(), tweet.authorUsername())), tweet.text(),
                tweet.createdAt(), tweet.inReplyTo().orElse(null), tweet.inReplyToUsername().orElse(null),
                tweet.hashtags(), tweet.mentions().stream().map(Mention::username).toList(), tweet.replies(),
                tweet.retweets(), tweet.likes(), caller == null ? null : caller.retweeted(),
                caller == null ? null : caller.liked());
    }
}
