package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Optional;

/** Tweets and the counts that move with them (author's tweets, parent's replies), written atomically. */
public interface TweetStore {

    /** Stores a new tweet and bumps the counts; throws {@link ParentNotFound} when its parent does not exist. */
    void create(Tweet tweet);

    Optional<Tweet> find(String id);

    /** The tweets with these ids, in the given order; missing (deleted) ones are skipped. */
    List<Tweet> findMany(List<String> ids);

    /** Deletes the tweet (only if it is still by {@code tweet.authorId()}) and lowers the counts. */
    void delete(Tweet tweet);

    Slice<Tweet> byAuthor(String authorId, PageRequest page);

    Slice<Tweet> repliesByAuthor(String authorId, PageRequest page);

    Slice<Tweet> repliesTo(String tweetId, PageRequest page);

    final class ParentNotFound extends RuntimeException {
        public ParentNotFound() {
            super("parent not found", null, false, false);
        }
    }
}
