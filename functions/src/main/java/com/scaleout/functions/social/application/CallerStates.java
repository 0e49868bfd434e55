package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.CallerState;
import java.util.List;
import java.util.Map;

/**
 * What one user did to each tweet of a page (retweeted it, liked it), read for the whole page at once, and told of
 * the user's retweets and likes once they are written, so that a copy of the states can follow them.
 */
public interface CallerStates {

    /** Every id of {@code tweetIds} maps to its state; a tweet the user never touched to {@link CallerState#NONE}. */
    Map<String, CallerState> of(String userId, List<String> tweetIds);

    /** The user's retweet of the tweet was written ({@code now} true) or undone in DynamoDB. Never throws. */
    void retweeted(String userId, String tweetId, boolean now);

    /** The user's like of the tweet was written ({@code now} true) or undone in DynamoDB. Never throws. */
    void liked(String userId, String tweetId, boolean now);
}
