package com.scaleout.functions.social.streams;

import com.scaleout.declaration.OperatorMetricNames;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.redis.RedisLink;
import com.scaleout.functions.social.LiveComponents;
import com.scaleout.functions.social.application.LivePusher;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.application.TweetService;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.streams.StreamHandler;
import com.scaleout.functions.shared.metrics.OperatorMetrics;
import com.scaleout.functions.shared.streams.StreamBatch;
import com.scaleout.functions.social.SocialComponents;
import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.FollowStore;
import com.scaleout.functions.social.dynamodb.DynamoFollowStore;
import com.scaleout.functions.social.dynamodb.DynamoRetweetStore;
import com.scaleout.functions.social.dynamodb.SocialTables;
import java.util.ArrayList;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Fanout, on three streams: Tweets (a new tweet into timelines, a deleted one out, changed counts evict the
 * cached body), Retweets (in and out of timelines) and Follows (backfill on follow, removal on unfollow). The
 * table a record comes from is read from its event source ARN. The first failing record is reported, so Lambda
 * retries from it and the records before it are not redone.
 */
public final class FanoutHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(FanoutHandler.class.getName());
    private final FanoutService fanout;
    private final SocialTables tables;
    private final Runnable readWarmUp;
    private final Optional<LivePusher> live;

    public FanoutHandler() {
        this(AwsClients.dynamoDb(), RedisLink.fromEnvironment());
    }

    private FanoutHandler(DynamoDbClient dynamoDb, Optional<RedisLink> redis) {
        this(SocialComponents.create(dynamoDb, redis), SocialTables.fromEnvironment(), dynamoDb, redis);
    }

    /** The pusher finds a tweet's home listeners among the followers the fanout read for it (read once a batch). */
    private FanoutHandler(SocialComponents components, SocialTables tables, DynamoDbClient dynamoDb,
                          Optional<RedisLink> redis) {
        this(components.fanout(), tables, components.redis(), () -> readMissingTweet(components.tweets()),
                LiveComponents.fanoutPusher(components, dynamoDb, redis));
    }

    FanoutHandler(FanoutService fanout, SocialTables tables) {
        this(fanout, tables, Optional.empty());
    }

    /** With the live updates' pusher of the home, mentions and public streams, when there is one. */
    FanoutHandler(FanoutService fanout, SocialTables tables, Optional<LivePusher> live) {
        this(fanout, tables, Optional.empty(), () -> { }, live);
    }

    private FanoutHandler(FanoutService fanout, SocialTables tables, Optional<RedisLink> redis,
                          Runnable readWarmUp, Optional<LivePusher> live) {
        super(redis);
        this.fanout = fanout;
        this.tables = tables;
        this.readWarmUp = readWarmUp;
        this.live = live;
    }

    /** The SDK's path (a GetItem of a tweet that cannot exist): the fanout's own reads come with writes. */
    private static void readMissingTweet(TweetService tweets) {
        try {
            tweets.get(PrimingRequests.MISSING_ID);
        } catch (NotFoundException notFound) {
            // the answer expected
        }
    }

    /**
     * A batch of one MODIFY of a retweet (which fans nothing out) and the stream image's conversion. Every other
     * record fans out, evicts or backfills, which writes to the cache: the fanout's own reads are not primed (an
     * asynchronous consumer; its first batch waits, no user does); the SDK is, by a read of its own.
     */
    @Override
    protected void warmUp() {
        PrimingImages.deliverUnchanged(this, tables.retweets() == null ? SocialTables.RETWEETS : tables.retweets());
        readWarmUp.run();
    }

    /**
     * The batch into the timelines, then the tweets it created and deleted (those handled, up to a failed record) to
     * the live connections, all at once: a push never fails the batch, nor delays its timeline writes. The push is
     * still part of the batch's reads, so that it finds the followers the fanout read.
     */
    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        var pushes = new LiveTweets();
        return fanout.inOneBatch(() -> {
            long started = System.nanoTime();
            StreamsEventResponse response;
            try {
                readFollowerCountsAhead(event);
                response = StreamBatch.process(event, record -> apply(record, pushes));
            } finally {
                OperatorMetrics.milliseconds(OperatorMetricNames.FANOUT_DURATION,
                        (System.nanoTime() - started) / 1_000_000);
            }
            live.ifPresent(pusher -> pusher.push(pushes.created(), pushes.deleted()));
            return response;
        });
    }

    /**
     * The followees of the batch's follows, read together. If the read fails, each record reads for itself and
     * fails, or not, on its own.
     */
    private void readFollowerCountsAhead(DynamodbEvent event) {
        try {
            var followees = new ArrayList<String>();
            for (var record : event.getRecords()) {
                if (tableOf(record.getEventSourceARN()).equals(tables.follows())) {
                    var image = "REMOVE".equals(record.getEventName()) ? record.getDynamodb().getOldImage()
                            : record.getDynamodb().getNewImage();
                    followees.add(edge(image).followeeId());
                }
            }
            fanout.readFollowerCounts(followees);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "follower counts of the batch's followees not read ahead; read one by one", e);
        }
    }

    private void apply(DynamodbEvent.DynamodbStreamRecord record, LiveTweets pushes) {
        String table = tableOf(record.getEventSourceARN());
        var data = record.getDynamodb();
        boolean inserted = "INSERT".equals(record.getEventName());
        boolean removed = "REMOVE".equals(record.getEventName());
        if (table.equals(tables.tweets())) {
            if (inserted) {
                var tweet = StreamImages.toTweet(data.getNewImage());
                fanout.tweetCreated(tweet);
                pushes.created().add(tweet);
            } else if (removed) {
                var tweet = StreamImages.toTweet(data.getOldImage());
                fanout.tweetDeleted(tweet);
                pushes.deleted().add(tweet);
            } else {
                fanout.tweetChanged(StreamImages.toTweet(data.getNewImage()));
            }
        } else if (table.equals(tables.retweets())) {
            if (inserted) {
                fanout.retweeted(DynamoRetweetStore.toRetweet(StreamImages.toSdk(data.getNewImage())));
            } else if (removed) {
                fanout.unretweeted(DynamoRetweetStore.toRetweet(StreamImages.toSdk(data.getOldImage())));
            }
        } else if (table.equals(tables.follows())) {
            if (inserted) {
                fanout.followed(edge(data.getNewImage()));
            } else if (removed) {
                fanout.unfollowed(edge(data.getOldImage()));
            }
        } else {
            throw new IllegalArgumentException("no fanout for records of table " + table);
        }
    }

    private static FollowStore.Edge edge(
            java.util.Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> image) {
        return DynamoFollowStore.toEdge(StreamImages.toSdk(image));
    }

    /** {@code arn:aws:dynamodb:region:account:table/<name>/stream/<label>} → {@code <name>}. */
    static String tableOf(String eventSourceArn) {
        int start = eventSourceArn.indexOf(":table/") + ":table/".length();
        int end = eventSourceArn.indexOf('/', start);
        return eventSourceArn.substring(start, end < 0 ? eventSourceArn.length() : end);
    }
}
