package com.scaleout.functions.social.streams;

import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.streams.StreamHandler;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.LikeStore;
import com.scaleout.functions.social.application.RetweetStore;
import com.scaleout.functions.shared.paging.PageRequest;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import com.scaleout.functions.social.application.TweetIndexStore;
import com.scaleout.functions.social.domain.Tweet;

/**
 * On the Tweets stream: a new tweet is added to the recent, hashtag and mention lists; a deleted one is removed
 * from them and its retweet and like rows are dropped. Every write is a put or delete of a fixed key, so replays and
 * duplicates converge. A record that fails is reported alone (with the rest after it, as Lambda retries from
 * there), so earlier records are not redone.
 */
public final class TweetIndexHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(TweetIndexHandler.class.getName());
    private final TweetIndexStore index;
    private final RetweetStore retweets;
    private final LikeStore likes;

    /** Without the cache: the indexer writes DynamoDB only, so it runs outside the cache's VPC. */
    public TweetIndexHandler() {
        this(SocialComponents.create(AwsClients.dynamoDb(), Optional.empty()));
    }

    private TweetIndexHandler(SocialComponents components) {
        this(components.tweetIndex(), components.retweets(), components.likeStore());
    }

    TweetIndexHandler(TweetIndexStore index, RetweetStore retweets, LikeStore likes) {
        super(Optional.empty());
        this.index = index;
        this.retweets = retweets;
        this.likes = likes;
    }

    /**
     * A batch of one MODIFY (which indexes nothing), the stream image's conversion, and the retweets of a tweet
     * that does not exist (a query that finds nothing): nothing is written.
     */
    @Override
    protected void warmUp() {
        PrimingImages.deliverUnchanged(this, SocialTables.TWEETS);
        retweets.retweeters(PrimingRequests.MISSING_ID, new PageRequest(1, Optional.empty()));
    }

    /**
     * New tweets are gathered and written together (a few BatchWriteItems for the batch, not one per tweet); a
     * deletion writes the tweets gathered before it first, so each tweet's records keep their order. A failure
     * reports the earliest record not yet done, from which Lambda retries (writing the gathered tweets again is
     * harmless).
     */
    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        var gathered = new ArrayList<Tweet>();
        String firstGathered = null;
        for (var record : event.getRecords()) {
            String sequence = record.getDynamodb().getSequenceNumber();
            try {
                switch (record.getEventName()) {
                    case "INSERT" -> {
                        gathered.add(StreamImages.toTweet(record.getDynamodb().getNewImage()));
                        firstGathered = firstGathered == null ? sequence : firstGathered;
                    }
                    case "REMOVE" -> {
                        Tweet removed = StreamImages.toTweet(record.getDynamodb().getOldImage());
                        if (!write(gathered)) {
                            return failedFrom(firstGathered);
                        }
                        firstGathered = null;
                        index.remove(removed);
                        retweets.removeAll(removed.id());
                        likes.removeAll(removed.id());
                    }
                    default -> {
                        // MODIFY: counts changed; nothing indexed depends on them
                    }
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "record " + sequence + " failed; reported for retry", e);
                return failedFrom(write(gathered) ? sequence : firstGathered);
            }
        }
        if (!write(gathered)) {
            return failedFrom(firstGathered);
        }
        return new StreamsEventResponse(List.of());
    }

    /** Writes and clears the gathered tweets; false when the write failed. */
    private boolean write(List<Tweet> gathered) {
        if (gathered.isEmpty()) {
            return true;
        }
        try {
            index.addAll(gathered);
            gathered.clear();
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "index writes of " + gathered.size() + " tweets failed; reported for retry", e);
            return false;
        }
    }

    private static StreamsEventResponse failedFrom(String sequence) {
        return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
    }
}
