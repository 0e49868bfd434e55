package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.domain.Tweet;

/**
 * Lists of tweet ids that no single key of the tweets table can serve: everyone's newest tweets, a hashtag's
 * tweets, the tweets mentioning a user. Maintained from the tweets stream, so writes are idempotent.
 */
public interface TweetIndexStore {
    void add(Tweet tweet);

    void remove(Tweet tweet);

    /** New tweets of one stream batch, in as few writes as the store can make them (the default: one by one). */
    default void addAll(java.util.List<Tweet> tweets) {
        tweets.forEach(this::add);
    }

    Slice<String> recent(PageRequest page);

    Slice<String> byHashtag(String normalizedTag, PageRequest page);

    Slice<String> mentioning(String userId, PageRequest page);
}
