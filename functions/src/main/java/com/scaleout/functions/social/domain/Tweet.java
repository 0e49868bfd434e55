package com.scaleout.functions.social.domain;

import java.util.List;
import java.util.Optional;

/** A tweet; a reply names the tweet it answers. Hashtags keep their first spelling; look-ups ignore case. */
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
        long likes) {

    public Tweet {
        hashtags = List.copyOf(hashtags);
        mentions = List.copyOf(mentions);
    }

    /** A tweet nobody has liked yet (a new one, or one stored before likes were counted). */
    public Tweet(String id, String authorId, String authorUsername, String text, String createdAt,
                 Optional<String> inReplyTo, List<String> hashtags, List<Mention> mentions, long replies,
                 long retweets) {
        this(id, authorId, authorUsername, text, createdAt, inReplyTo, hashtags, mentions, replies, retweets, 0);
    }

    public boolean isReply() {
        return inReplyTo.isPresent();
    }
}
