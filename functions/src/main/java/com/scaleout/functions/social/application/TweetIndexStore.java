package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.http.PageRequest;
import com.scaleout.functions.social.domain.Tweet;

/**
 * Lists of tweet ids that no single key of the tweets table can serve: everyone's newest tweets, a hashtag's
 * tweets, the tweets mentioning a user. Maintained from the tweets stream, so writes are idempotent.
 */
public interface TweetIndexStore {
    void add(Tweet tweet);

    void remove(Tweet tweet);

    Slice<String> recent(PageRequest page);

    Slice<String> byHashtag(String normalizedTag, PageRequest page);

    Slice<String> mentioning(String userId, PageRequest page);
}
