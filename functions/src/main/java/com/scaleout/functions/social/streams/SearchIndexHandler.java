package com.scaleout.functions.social.streams;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.LiveComponents;
import com.scaleout.functions.social.application.LivePusher;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.streams.StreamHandler;
import com.scaleout.functions.shared.streams.StreamBatch;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.SearchCache;
import com.scaleout.functions.social.application.SearchIndexStore;
import com.scaleout.functions.social.domain.SearchTerms;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import java.util.logging.Logger;

/**
 * On the Tweets stream: a new tweet's terms go into the search index, a deleted tweet's come out (puts and
 * deletes of fixed keys: replays converge), and the cached first pages of the queries it changes are dropped
 * (those with one of its terms, or the word of one of its tags).
 * With the cache unreachable the index is still written; cached pages then live out their TTL (300 s).
 */
public final class SearchIndexHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(SearchIndexHandler.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final SearchIndexStore index;
    private final SearchCache cache;
    private final Optional<LivePusher> live;

    public SearchIndexHandler() {
        this(AwsClients.dynamoDb(), RedisLink.fromEnvironment());
    }

    private SearchIndexHandler(DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        this(SocialComponents.create(dynamoDb, redis), dynamoDb, redis);
    }

    private SearchIndexHandler(SocialComponents components, DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        this(components.searchIndex(), components.searchCache(), components.redis(),
                LiveComponents.indexerPusher(components, dynamoDb, redis));
    }

    SearchIndexHandler(SearchIndexStore index, SearchCache cache) {
        this(index, cache, Optional.empty());
    }

    /** With the live updates' pusher of the hashtag and search streams, when there is one. */
    SearchIndexHandler(SearchIndexStore index, SearchCache cache, Optional<LivePusher> live) {
        this(index, cache, Optional.empty(), live);
    }

    private SearchIndexHandler(SearchIndexStore index, SearchCache cache, Optional<RedisLink> redis,
                               Optional<LivePusher> live) {
        super(redis);
        this.index = index;
        this.cache = cache;
        this.live = live;
    }

    /**
     * A batch of one MODIFY (which indexes nothing), the stream image's conversion and term extraction, and the
     * postings of the made-up tweet's terms older than any tweet (queries that find nothing): nothing is written.
     */
    @Override
    protected void warmUp() {
        Tweet tweet = PrimingImages.deliverUnchanged(this, SocialTables.TWEETS);
        index.postings(SearchTerms.of(tweet.text()), PrimingRequests.MISSING_ID, 1);
    }

    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        // the batch's changes are read first and written together: a few BatchWriteItems, not one per tweet
        var changes = new ArrayList<SearchIndexStore.Change>();
        var pushes = new LiveTweets();
        var read = StreamBatch.process(event, record -> {
            switch (record.getEventName()) {
                case "INSERT" -> {
                    Tweet tweet = StreamImages.toTweet(record.getDynamodb().getNewImage());
                    changes.add(change(tweet, true));
                    pushes.created().add(tweet);
                }
                case "REMOVE" -> {
                    Tweet tweet = StreamImages.toTweet(record.getDynamodb().getOldImage());
                    changes.add(change(tweet, false));
                    pushes.deleted().add(tweet);
                }
                default -> {
                    // MODIFY: counts only; the text, and so the terms, never change
                }
            }
        });
        try {
            index.apply(changes);
        } catch (RuntimeException e) {
            // all or part of the batch may be written; written again, it changes nothing: retry it from the start
            String first = event.getRecords().getFirst().getDynamodb().getSequenceNumber();
            LOG.log(java.util.logging.Level.WARNING, "index writes of the batch failed; reported for retry", e);
            return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(first)));
        }
        invalidate(changes);
        // after the index is written: a client that reads the search on a push finds the tweet
        live.ifPresent(pusher -> pusher.push(pushes.created(), pushes.deleted()));
        return read;
    }

    private static SearchIndexStore.Change change(Tweet tweet, boolean added) {
        return new SearchIndexStore.Change(tweet.id(), SearchTerms.of(tweet.text()), added);
    }

    private void invalidate(List<SearchIndexStore.Change> changes) {
        var terms = new java.util.LinkedHashSet<String>();
        changes.forEach(change -> terms.addAll(SearchTerms.queriesChangedBy(change.terms())));
        if (terms.isEmpty()) {
            return;
        }
        try {
            cache.invalidate(List.copyOf(terms));
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("search cache unavailable; its pages expire on their own", cacheDown);
        }
    }
}
