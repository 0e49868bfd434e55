package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.CallerStates;
import com.scaleout.functions.social.domain.CallerState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The caller's retweets and likes from the in-memory stores; counts its reads, as each stands for one batch call. */
public final class InMemoryCallerStates implements CallerStates {
    private final InMemoryRetweetStore retweets;
    private final InMemoryLikeStore likes;
    private final AtomicInteger reads = new AtomicInteger();

    public InMemoryCallerStates(InMemoryRetweetStore retweets, InMemoryLikeStore likes) {
        this.retweets = retweets;
        this.likes = likes;
    }

    @Override
    public Map<String, CallerState> of(String userId, List<String> tweetIds) {
        reads.incrementAndGet();
        var states = new HashMap<String, CallerState>();
        for (String id : tweetIds) {
            states.put(id, new CallerState(retweets.has(id, userId), likes.has(id, userId)));
        }
        return states;
    }

    /** The stores are the truth here: nothing else to keep. */
    @Override
    public void retweeted(String userId, String tweetId, boolean now) {
    }

    @Override
    public void liked(String userId, String tweetId, boolean now) {
    }

    /** How many page reads were made. */
    public int reads() {
        return reads.get();
    }
}
