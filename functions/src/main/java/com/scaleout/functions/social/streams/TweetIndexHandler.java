package com.scaleout.functions.social.streams;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.social.application.TweetIndexStore;
import com.scaleout.functions.social.domain.Tweet;
import java.util.ArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * On the Tweets stream: a new tweet is added to the recent, hashtag and mention lists; a deleted one is removed
 * from them and its retweet rows are dropped. Every write is a put or delete of a fixed key, so replays and
 * duplicates converge. A record that fails is reported alone (with the rest after it, as Lambda retries from
 * there), so earlier records are not redone.
 */
public final class TweetIndexHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    private static final Logger LOG = Logger.getLogger(TweetIndexHandler.class.getName());

    private final TweetIndexStore index;
    private final RetweetStore retweets;

    public TweetIndexHandler() {
        this(SocialComponents.create());
    }

    private TweetIndexHandler(SocialComponents components) {
        this(components.tweetIndex(), components.retweets());
    }

    TweetIndexHandler(TweetIndexStore index, RetweetStore retweets) {
        this.index = index;
        this.retweets = retweets;
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        var failures = new ArrayList<StreamsEventResponse.BatchItemFailure>();
        for (var record : event.getRecords()) {
            try {
                apply(record);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "indexing failed for " + record.getDynamodb().getSequenceNumber(), e);
                failures.add(new StreamsEventResponse.BatchItemFailure(record.getDynamodb().getSequenceNumber()));
                break; // Lambda retries from the first failure; later records come again with it
            }
        }
        return new StreamsEventResponse(failures);
    }

    private void apply(DynamodbEvent.DynamodbStreamRecord record) {
        switch (record.getEventName()) {
            case "INSERT" -> index.add(StreamImages.toTweet(record.getDynamodb().getNewImage()));
            case "REMOVE" -> {
                Tweet removed = StreamImages.toTweet(record.getDynamodb().getOldImage());
                index.remove(removed);
                retweets.removeAll(removed.id());
            }
            default -> {
                // MODIFY: counts changed; nothing indexed depends on them
            }
        }
    }
}
