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
            if (bucket.isEmpty() || like == null || like.getBOOL() == null) {
                LOG.warning(() -> "record " + record.getDynamodb().getSequenceNumber() + " is not a review: skipped");
                continue;
            }
            reviews.add(new ReviewCounts.Review(bucket.get().albumId(), bucket.get().number(),
                    record.getDynamodb().getSequenceNumber(), like.getBOOL()));
        }
        return new StreamsEventResponse(counts.fold(reviews)
                .map(sequence -> List.of(new StreamsEventResponse.BatchItemFailure(sequence)))
                .orElse(List.of()));
    }
}
