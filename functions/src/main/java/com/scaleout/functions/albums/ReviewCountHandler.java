package com.scaleout.functions.albums;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.counters.CountLogHandler;
import com.scaleout.functions.shared.counters.WatermarkFold;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import java.util.Map;
import java.util.Optional;

/**
 * On the review log's stream ({@code AlbumReviews}): each new review is counted into its album's likes or dislikes
 * ({@link ReviewCounts}).
 */
public final class ReviewCountHandler extends CountLogHandler {
    private final WatermarkFold.Tallies tallies;

    public ReviewCountHandler() {
        this(ReviewCounts.tallies(AwsClients.dynamoDb()));
    }

    ReviewCountHandler(WatermarkFold.Tallies tallies) {
        super(ReviewCounts.fold(tallies));
        this.tallies = tallies;
    }

    /** An empty batch, and the watermarks of an album that does not exist (a read that finds nothing). */
    @Override
    protected void warmUp() {
        process(new DynamodbEvent());
        tallies.watermarks(PrimingRequests.MISSING_ID);
    }

    @Override
    protected Optional<WatermarkFold.Change> change(Map<String, AttributeValue> image, String sequence) {
        var bucket = ReviewLog.parse(image.get(ReviewLog.BUCKET) == null ? null : image.get(ReviewLog.BUCKET).getS());
        var like = image.get(ReviewLog.LIKE);
        if (bucket.isEmpty() || like == null || like.getBOOL() == null) {
            return Optional.empty();
        }
        return Optional.of(ReviewCounts.review(bucket.get().albumId(), bucket.get().number(), sequence,
                like.getBOOL()));
    }
}
