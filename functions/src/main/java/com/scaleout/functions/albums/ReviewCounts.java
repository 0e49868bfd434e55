package com.scaleout.functions.albums;

import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.counters.DynamoTallies;
import com.scaleout.functions.shared.counters.WatermarkFold;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The review log's reviews folded into their albums' counts ({@link WatermarkFold}): the album's item in the Albums
 * table keeps {@code likes} and {@code dislikes} and, per bucket of the log, its watermark {@code folded0} to
 * {@code folded9}.
 */
final class ReviewCounts {
    static final String LIKES = "likes";
    static final String DISLIKES = "dislikes";
    /** The watermark attributes' prefix: {@code folded0} to {@code folded9}. */
    static final String FOLDED = "folded";

    private ReviewCounts() {
    }

    static WatermarkFold fold(WatermarkFold.Tallies tallies) {
        return new WatermarkFold(tallies, "album");
    }

    static WatermarkFold.Tallies tallies(DynamoDbClient dynamoDb) {
        return new DynamoTallies(dynamoDb, RuntimeEnvironment.variable(Settings.table(DynamoAlbumStore.TABLE))
                .orElse(null), DynamoAlbumStore.ID, FOLDED, ReviewLog.BUCKETS);
    }

    /** A review of an album, from its bucket of the log, at that sequence number of the log's stream. */
    static WatermarkFold.Change review(String albumId, int bucket, String sequence, boolean like) {
        return new WatermarkFold.Change(albumId, bucket, sequence, Map.of(like ? LIKES : DISLIKES, 1L));
    }
}
