package com.scaleout.functions.social.domain;

import com.scaleout.functions.shared.ids.Ids;
import java.util.Optional;

/**
 * One line of a home timeline: a tweet, or a tweet someone retweeted. {@code sortKey} is the id of the event that
 * put it there (the tweet's id, or the retweet's), a ULID, so entries order by time. Stored in Redis as the
 * member {@code sortKey|tweetId|retweeterId|retweeterUsername} of a sorted set whose scores are all 0, which
 * Redis then orders by member, i.e. by time.
 */
public record TimelineEntry(String sortKey, String tweetId, Optional<Retweeter> retweetedBy) {

    /** Who retweeted, with the username kept so a timeline page needs no user look-up. */
    public record Retweeter(String id, String username) {
    }

    public static TimelineEntry tweet(String tweetId) {
        return new TimelineEntry(tweetId, tweetId, Optional.empty());
    }

    public static TimelineEntry retweet(String retweetId, String tweetId, String userId, String username) {
        return new TimelineEntry(retweetId, tweetId, Optional.of(new Retweeter(userId, username)));
    }

    public String member() {
        return sortKey + "|" + tweetId + "|" + retweetedBy.map(r -> r.id() + "|" + r.username()).orElse("|");
    }

    /** The entry of a member, or null for anything else (such as a timeline's "built" marker). */
    public static TimelineEntry fromMember(String member) {
        String[] parts = member.split("\\|", -1);
        if (parts.length != 4 || !Ids.isId(parts[0]) || !Ids.isId(parts[1])) {
            return null;
        }
        Optional<Retweeter> by = parts[2].isEmpty() ? Optional.empty()
                : Optional.of(new Retweeter(parts[2], parts[3]));
        return new TimelineEntry(parts[0], parts[1], by);
    }
}
