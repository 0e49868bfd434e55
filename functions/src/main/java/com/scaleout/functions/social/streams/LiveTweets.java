package com.scaleout.functions.social.streams;

import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.List;

/** The tweets a stream batch created and deleted, collected as its records are handled, for the live pusher. */
record LiveTweets(List<Tweet> created, List<Tweet> deleted) {
    LiveTweets() {
        this(new ArrayList<>(), new ArrayList<>());
    }
}
