package com.scaleout.functions.albums;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.shared.streams.StreamHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * On the review log's stream ({@code AlbumReviews}): each new review (INSERT) is counted into its album's counts
 * ({@link ReviewCounts}); expiries (REMOVE) and anything else count nothing.
 */
public final class ReviewCountHandler extends StreamHandler {
    private static final Logger LOG = Logger.getLogger(ReviewCountHandler.class.getName());
    /** A stream record's sequence number: digits, at most 40 (DynamoDB Streams' API). */
    private static final java.util.regex.Pattern SEQUENCE = java.util.regex.Pattern.compile("[0-9]{1,40}");
    /** Time kept in hand at the end of an invocation: an album's fold is two calls, each at most the SDK's 4 s. */
    static final java.time.Duration RESERVE = java.time.Duration.ofSeconds(10);
    private final ReviewCounts counts;
    private final ReviewCounts.Tallies tallies;

    public ReviewCountHandler() {
        this(new DynamoReviewTallies(AwsClients.dynamoDb()));
    }

    ReviewCountHandler(ReviewCounts.Tallies tallies) {
        super(Optional.empty());
        this.tallies = tallies;
        this.counts = new ReviewCounts(tallies);
    }

    /** An empty batch, and the watermarks of an album that does not exist (a read that finds nothing). */
    @Override
    protected void warmUp() {
        process(new DynamodbEvent());
        tallies.watermarks(PrimingRequests.MISSING_ID);
    }

    @Override
    protected StreamsEventResponse process(DynamodbEvent event) {
        return process(event, null);
    }

    /** Folds until {@link #RESERVE} before the invocation's timeout (without a context: all of it). */
    @Override
    protected StreamsEventResponse process(DynamodbEvent event, com.amazonaws.services.lambda.runtime.Context context) {
        long until = context == null ? Long.MAX_VALUE : System.nanoTime()
                + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(context.getRemainingTimeInMillis())
                - RESERVE.toNanos();
        var reviews = new ArrayList<ReviewCounts.Review>();
        for (var record : event.getRecords() == null ? List.<DynamodbEvent.DynamodbStreamRecord>of()
                : event.getRecords()) {
            if (!"INSERT".equals(record.getEventName())) {
                continue;
            }
            var image = record.getDynamodb().getNewImage();
            var bucket = ReviewLog.parse(image.get(ReviewLog.BUCKET) == null ? null
                    : image.get(ReviewLog.BUCKET).getS());
            var like = image.get(ReviewLog.LIKE);
            String sequence = record.getDynamodb().getSequenceNumber();
            if (bucket.isEmpty() || like == null || like.getBOOL() == null || sequence == null
                    || !SEQUENCE.matcher(sequence).matches()) {
                LOG.warning(() -> "record " + record.getDynamodb().getSequenceNumber() + " is not a review: skipped");
                continue;
            }
            reviews.add(new ReviewCounts.Review(bucket.get().albumId(), bucket.get().number(),
                    record.getDynamodb().getSequenceNumber(), like.getBOOL()));
        }
        return new StreamsEventResponse(counts.fold(reviews, () -> System.nanoTime() < until)
                .map(sequence -> List.of(new StreamsEventResponse.BatchItemFailure(sequence)))
                .orElse(List.of()));
    }
}
