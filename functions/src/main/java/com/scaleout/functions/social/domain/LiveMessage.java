package com.scaleout.functions.social.domain;

import com.scaleout.functions.shared.paging.Page;

/**
 * What the server sends a live connection, as data (its JSON is the edge's: {@code {"type","stream","data"}}): the
 * acks of a subscription change, a search's first page (the ack of subscribing to a search), a new tweet, a deleted
 * tweet, and the refusal of a bad message. {@code stream} is the normalized name, or null when none was understood.
 */
public sealed interface LiveMessage {
    String stream();

    record Subscribed(String stream) implements LiveMessage {
    }

    record Unsubscribed(String stream) implements LiveMessage {
    }

    /** The first page of the search a connection has just subscribed to. */
    record SearchPage(String stream, Page<Tweet> page) implements LiveMessage {
    }

    record TweetPosted(String stream, Tweet tweet) implements LiveMessage {
    }

    record TweetDeleted(String stream, String tweetId) implements LiveMessage {
    }

    /**
     * A message refused, with the status the same mistake gets over HTTP (400, 401...) and, for a 429 or 503, the
     * seconds after which it may be sent again (as HTTP's Retry-After; 0 for the others).
     */
    record Refused(String stream, int status, String message, long retryAfter) implements LiveMessage {
        public Refused(String stream, int status, String message) {
            this(stream, status, message, 0);
        }
    }
}
