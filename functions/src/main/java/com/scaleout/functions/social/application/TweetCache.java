package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Tweet;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Tweet bodies by id, so a warm timeline page reads no DynamoDB; counts refreshed from the tweets stream. */
public interface TweetCache {
    Map<String, Tweet> get(List<String> ids);

    void put(Collection<Tweet> tweets);

    void evict(String tweetId);
}
