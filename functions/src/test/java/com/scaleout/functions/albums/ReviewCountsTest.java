package com.scaleout.functions.albums;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.shared.counters.WatermarkFold;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

class ReviewCountsTest {
    private final Tallies tallies = new Tallies();
    private final WatermarkFold counts = ReviewCounts.fold(tallies);

    @Test
    void eachAlbumsNewReviewsMoveItsCountsOnceAndItsWatermarks() {
        tallies.albums.put("a1", new Tally());
        tallies.albums.put("a2", new Tally());

        var retry = fold(List.of(review("a1", 3, 101, true), review("a2", 0, 102, false),
                review("a1", 3, 103, true), review("a1", 7, 104, false)));

        assertThat(retry).isEmpty();
        assertThat(tallies.albums.get("a1").counts()).isEqualTo("2/1");
        assertThat(tallies.albums.get("a1").watermarks).containsEntry(3, BigInteger.valueOf(103))
                .containsEntry(7, BigInteger.valueOf(104));
        assertThat(tallies.albums.get("a2").counts()).isEqualTo("0/1");
        assertThat(tallies.updates).as("one update per album").isEqualTo(2);
    }

    @Test
    void aBatchDeliveredAgainOrCutDifferentlyCountsNothingTwice() {
        tallies.albums.put("a1", new Tally());
        var first = List.of(review("a1", 3, 101, true), review("a1", 3, 102, true));
        fold(first);

        fold(first); // delivered again
        fold(List.of(review("a1", 3, 102, true), review("a1", 3, 105, false))); // overlapping the first

        assertThat(tallies.albums.get("a1").counts()).isEqualTo("2/1");
    }

    @Test
    void reviewsOfAnAlbumThatIsGoneAreNotCountedAndNotRetried() {
        assertThat(fold(List.of(review("gone", 1, 101, true)))).isEmpty();
        assertThat(tallies.updates).isZero();
    }

    @Test
    void aConcurrentChangeOfTheWatermarksIsReadAgain() {
        tallies.albums.put("a1", new Tally());
        tallies.raceOnce = () -> tallies.albums.get("a1").watermarks.put(3, BigInteger.valueOf(101));

        fold(List.of(review("a1", 3, 101, true), review("a1", 3, 102, true)));

        assertThat(tallies.albums.get("a1").counts()).as("101 counted by the other, 102 by this fold")
                .isEqualTo("1/0");
    }

    @Test
    void aFailedAlbumIsRetriedFromItsEarliestReviewAndTheOthersAreCounted() {
        tallies.albums.put("a1", new Tally());
        tallies.albums.put("a2", new Tally());
        tallies.failing = "a2";

        var retry = fold(List.of(review("a1", 0, 101, true), review("a2", 4, 102, true),
                review("a1", 0, 103, true), review("a2", 4, 104, true)));

        assertThat(retry).contains("102");
        assertThat(tallies.albums.get("a1").counts()).isEqualTo("2/0");
    }

    @Test
    void outOfTimeTheAlbumsNotFoldedAreRetriedFromTheirEarliestReview() {
        tallies.albums.put("a1", new Tally());
        tallies.albums.put("a2", new Tally());
        var albumsLeft = new java.util.concurrent.atomic.AtomicInteger(1);

        var retry = fold(List.of(review("a1", 0, 101, true), review("a2", 4, 102, true),
                review("a1", 0, 103, true)), () -> albumsLeft.getAndDecrement() > 0);

        assertThat(retry).contains("102");
        assertThat(tallies.albums.get("a1").counts()).isEqualTo("2/0");
        assertThat(tallies.albums.get("a2").counts()).isEqualTo("0/0");
    }

    @ParameterizedTest
    @Event(value = "events/albums/reviews-stream.json", type = DynamodbEvent.class)
    void theHandlerCountsTheInsertsOfTheLogsStreamAndNotItsExpiries(DynamodbEvent event) {
        tallies.albums.put(InMemoryAlbums.KNOWN, new Tally());

        var answer = new ReviewCountHandler(tallies).handleRequest(event, null);

        assertThat(answer.getBatchItemFailures()).isEmpty();
        assertThat(tallies.albums.get(InMemoryAlbums.KNOWN).counts()).isEqualTo("1/1");
        assertThat(tallies.albums.get(InMemoryAlbums.KNOWN).watermarks).containsOnlyKeys(3, 7);
    }

    @Test
    void aBucketKeyIsItsAlbumAndOneDigit() {
        assertThat(ReviewLog.parse(ReviewLog.bucket("01ALBUM", "01REVIEW"))).map(ReviewLog.Bucket::albumId)
                .contains("01ALBUM");
        assertThat(ReviewLog.parse("01ALBUM#12")).isEmpty();
        assertThat(ReviewLog.parse("01ALBUM")).isEmpty();
        assertThat(ReviewLog.parse("#3")).isEmpty();
    }

    private Optional<String> fold(List<WatermarkFold.Change> reviews) {
        return counts.fold(reviews, () -> true);
    }

    private Optional<String> fold(List<WatermarkFold.Change> reviews, java.util.function.BooleanSupplier timeLeft) {
        return counts.fold(reviews, timeLeft);
    }

    private static WatermarkFold.Change review(String album, int bucket, long sequence, boolean like) {
        return ReviewCounts.review(album, bucket, Long.toString(sequence), like);
    }

    private static final class Tally {
        long likes;
        long dislikes;
        final Map<Integer, BigInteger> watermarks = new TreeMap<>();

        String counts() {
            return likes + "/" + dislikes;
        }
    }

    /** The counts in memory, conditional as the DynamoDB update is. */
    private static final class Tallies implements WatermarkFold.Tallies {
        final Map<String, Tally> albums = new HashMap<>();
        int updates;
        Runnable raceOnce;
        String failing;

        @Override
        public Optional<Map<Integer, BigInteger>> watermarks(String albumId) {
            var tally = albums.get(albumId);
            return tally == null ? Optional.empty() : Optional.of(new TreeMap<>(tally.watermarks));
        }

        @Override
        public boolean add(String albumId, Map<String, Long> deltas, Map<Integer, BigInteger> seen,
                           Map<Integer, BigInteger> upTo) {
            if (albumId.equals(failing)) {
                throw new IllegalStateException("DynamoDB is unreachable");
            }
            if (raceOnce != null) {
                raceOnce.run();
                raceOnce = null;
            }
            var tally = albums.get(albumId);
            if (tally == null) {
                return false;
            }
            for (Integer bucket : upTo.keySet()) {
                if (!java.util.Objects.equals(seen.get(bucket), tally.watermarks.get(bucket))) {
                    return false;
                }
            }
            tally.likes += deltas.getOrDefault(ReviewCounts.LIKES, 0L);
            tally.dislikes += deltas.getOrDefault(ReviewCounts.DISLIKES, 0L);
            tally.watermarks.putAll(upTo);
            updates++;
            return true;
        }
    }
}
