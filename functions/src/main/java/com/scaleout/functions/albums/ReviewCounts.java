package com.scaleout.functions.albums;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Folds the review log's new reviews into their albums' counts, exactly once whatever the stream redelivers. Each
 * album's item keeps, per bucket of the log, the sequence number of the last review of that bucket it counted (its
 * watermark): a bucket's reviews reach the stream in order (they share a partition key), so a review at or below the
 * watermark has been counted. Each album's new reviews of a batch move its counts and watermarks in one conditional
 * update that names the watermarks it read, so a batch delivered again, or cut differently, counts nothing twice.
 */
public final class ReviewCounts {
    static final String LIKES = "likes";
    static final String DISLIKES = "dislikes";
    /** The watermark attributes' prefix: {@code folded0} to {@code folded9}. */
    static final String FOLDED = "folded";
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = Logger.getLogger(ReviewCounts.class.getName());

    /** Where the counts are kept. */
    public interface Tallies {
        /** The album's watermarks by bucket; empty when there is no such album. */
        Optional<Map<Integer, BigInteger>> watermarks(String albumId);

        /**
         * Adds to the album's counts and moves the watermarks of {@code upTo}'s buckets, if those are still as
         * {@code seen} has them (absent: none yet); false when they are not, or the album is gone.
         */
        boolean add(String albumId, long likes, long dislikes, Map<Integer, BigInteger> seen,
                    Map<Integer, BigInteger> upTo);
    }

    /** A review from the log's stream: its album and bucket, its record's sequence number, like or dislike. */
    public record Review(String albumId, int bucket, String sequence, boolean like) {
        BigInteger position() {
            return new BigInteger(sequence);
        }
    }

    private final Tallies tallies;

    public ReviewCounts(Tallies tallies) {
        this.tallies = tallies;
    }

    /**
     * Counts the reviews of a batch (in stream order); the sequence number to retry from when an album's update
     * failed (its earliest review: Lambda redelivers from there, and the watermarks skip what was counted).
     */
    public Optional<String> fold(List<Review> reviews) {
        return fold(reviews, () -> true);
    }

    /**
     * As {@link #fold(List)}, stopping before an album when {@code timeLeft} says no: the albums not folded are
     * retried from their earliest review, as a failed one is (a batch of many albums must answer before the
     * function's timeout, or all of it is retried).
     */
    public Optional<String> fold(List<Review> reviews, java.util.function.BooleanSupplier timeLeft) {
        var byAlbum = new LinkedHashMap<String, List<Review>>();
        reviews.forEach(review -> byAlbum.computeIfAbsent(review.albumId(), album -> new ArrayList<>()).add(review));
        Review retryFrom = null;
        for (var album : byAlbum.entrySet()) {
            if (!timeLeft.getAsBoolean()) {
                Review first = album.getValue().getFirst();
                if (retryFrom == null || first.position().compareTo(retryFrom.position()) < 0) {
                    retryFrom = first;
                }
                continue;
            }
            try {
                foldAlbum(album.getKey(), album.getValue());
            } catch (RuntimeException e) {
                Review first = album.getValue().getFirst();
                LOG.log(Level.WARNING, "counting " + album.getValue().size() + " reviews of album " + album.getKey()
                        + " failed; retried from record " + first.sequence(), e);
                if (retryFrom == null || first.position().compareTo(retryFrom.position()) < 0) {
                    retryFrom = first;
                }
            }
        }
        return Optional.ofNullable(retryFrom).map(Review::sequence);
    }

    private void foldAlbum(String albumId, List<Review> reviews) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            var watermarks = tallies.watermarks(albumId);
            if (watermarks.isEmpty()) {
                LOG.info(() -> reviews.size() + " reviews of album " + albumId + ", which no longer exists: not counted");
                return;
            }
            var seen = watermarks.get();
            long likes = 0;
            long dislikes = 0;
            var upTo = new TreeMap<Integer, BigInteger>();
            for (Review review : reviews) {
                BigInteger watermark = seen.get(review.bucket());
                if (watermark != null && review.position().compareTo(watermark) <= 0) {
                    continue; // counted by an earlier delivery
                }
                if (review.like()) {
                    likes++;
                } else {
                    dislikes++;
                }
                upTo.merge(review.bucket(), review.position(), BigInteger::max);
            }
            if (upTo.isEmpty()) {
                return;
            }
            var seenOfThose = new TreeMap<Integer, BigInteger>();
            upTo.keySet().forEach(bucket -> {
                if (seen.containsKey(bucket)) {
                    seenOfThose.put(bucket, seen.get(bucket));
                }
            });
            if (tallies.add(albumId, likes, dislikes, seenOfThose, upTo)) {
                return;
            }
        }
        throw new IllegalStateException("album " + albumId + "'s watermarks kept changing under " + ATTEMPTS
                + " attempts to count its reviews");
    }
}
