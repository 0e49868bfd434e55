package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.CallerState;
import java.util.List;
import java.util.Map;

/** What one user did to each tweet of a page (retweeted it, liked it), read for the whole page at once. */
public interface CallerStates {

    /** Every id of {@code tweetIds} maps to its state; a tweet the user never touched to {@link CallerState#NONE}. */
    Map<String, CallerState> of(String userId, List<String> tweetIds);
}
