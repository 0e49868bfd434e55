package com.scaleout.functions.social.domain;

import java.util.List;
import java.util.Optional;

/**
 * A tweet; a reply names the tweet it answers and that tweet's author's username (usernames never change, so it is
 * stored with the reply). Hashtags keep their first spelling; look-ups ignore case.
 */
public record Tweet(
        String id,
        String authorId,
        String authorUsername,
        String text,
        String createdAt,
        Optional<String> inReplyTo,
        List<String> hashtags,
        List<Mention> mentions,
        long replies,
        long retweets,
        long likes,
        Optional<String> inReplyToUsername) {

    public Tweet {
        hashtags = List.copyOf(hashtags);
        mentions = List.copyOf(mentions);
    }

    /** A tweet nobody has liked yet that does not name whom it answers (not a reply, or one stored before). */
    public Tweet(String id, String authorId, String authorUsername, String text, String createdAt,
                 Optional<String> inReplyTo, List<String> hashtags, List<Mention> mentions, long replies,
                 long retweets) {
        this(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies, retweets, 0,
                Optional.empty());
    }

    /** A tweet with its likes that does not name whom it answers. */
    public Tweet(String id, String authorId, String authorUsername, String text, String createdAt,
                 Optional<String> inReplyTo, List<String> hashtags, List<Mention> mentions, long replies,
                 long retweets, long likes) {
        this(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies, retweets, likes,
                Optional.empty());
    }

    /** A tweet nobody has liked yet (a new one), naming whom it answers. */
    public Tweet(String id, String authorId, String authorUsername, String text, String createdAt,
                 Optional<String> inReplyTo, List<String> hashtags, List<Mention> mentions, long replies,
                 long retweets, Optional<String> inReplyToUsername) {
        this(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies, retweets, 0,
                inReplyToUsername);
    }

    /** The same tweet with another like count. */
    public Tweet withLikes(long likes) {
        return new Tweet(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies,
                retweets, likes, inReplyToUsername);
    }

    /** The same tweet with another retweet count. */
    public Tweet withRetweets(long retweets) {
        return new Tweet(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies,
                retweets, likes, inReplyToUsername);
    }

    public boolean isReply() {
        return inReplyTo.isPresent();
    }
}
