package com.scaleout.functions.shared.counters;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Folds a count log's stream into its targets' counters, exactly once whatever the stream redelivers. The log keeps
 * each change under one of its target's buckets (a partition key each, so that a hot target's changes spread over
 * that many partitions); each target's item keeps, per bucket, the sequence number of the last change of that bucket
 * it counted (its watermark): a bucket's changes reach the stream in order (they share a partition key), so a change
 * at or below the watermark has been counted. Each target's new changes of a batch move its counters and watermarks
 * in one conditional update that names the watermarks it read, so a batch delivered again, or cut differently,
 * counts nothing twice; a hot target's item takes one update per batch, not one per change.
 */
public final class WatermarkFold {
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = Logger.getLogger(WatermarkFold.class.getName());

    /** A change from the log's stream: its target, bucket and record's sequence number, and what it adds. */
    public record Change(String target, int bucket, String sequence, Map<String, Long> deltas) {
        public Change {
            deltas = Map.copyOf(deltas);
        }

        BigInteger position() {
            return new BigInteger(sequence);
        }
    }

    /** Where the counters are kept. */
    public interface Tallies {
        /** The target's watermarks by bucket; empty when there is no such target. */
        Optional<Map<Integer, BigInteger>> watermarks(String target);

        /**
         * Adds {@code deltas} to the target's counters and moves the watermarks of {@code upTo}'s buckets, if those
         * are still as {@code seen} has them (absent: none yet); false when they are not, or the target is gone.
         */
        boolean add(String target, Map<String, Long> deltas, Map<Integer, BigInteger> seen,
                    Map<Integer, BigInteger> upTo);
    }

    private final Tallies tallies;
    private final String what;

    /** @param what the targets' kind, for the log ("album", "user") */
    public WatermarkFold(Tallies tallies, String what) {
        this.tallies = tallies;
        this.what = what;
    }

    /**
     * Counts the changes of a batch (in stream order), stopping before a target when {@code timeLeft} says no; the
     * sequence number to retry from when a target was not folded (its update failed, or no time was left): its
     * earliest change, from which Lambda redelivers, and the watermarks skip what was counted.
     */
    public Optional<String> fold(List<Change> changes, BooleanSupplier timeLeft) {
        var byTarget = new LinkedHashMap<String, List<Change>>();
        changes.forEach(change -> byTarget.computeIfAbsent(change.target(), target -> new ArrayList<>()).add(change));
        Change retryFrom = null;
        for (var target : byTarget.entrySet()) {
            Change first = target.getValue().getFirst();
            if (!timeLeft.getAsBoolean()) {
                retryFrom = earlier(retryFrom, first);
                continue;
            }
            try {
                foldTarget(target.getKey(), target.getValue());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "counting " + target.getValue().size() + " changes of " + what + " "
                        + target.getKey() + " failed; retried from record " + first.sequence(), e);
                retryFrom = earlier(retryFrom, first);
            }
        }
        return Optional.ofNullable(retryFrom).map(Change::sequence);
    }

    private static Change earlier(Change retryFrom, Change candidate) {
        return retryFrom == null || candidate.position().compareTo(retryFrom.position()) < 0 ? candidate : retryFrom;
    }

    private void foldTarget(String target, List<Change> changes) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            var watermarks = tallies.watermarks(target);
            if (watermarks.isEmpty()) {
                LOG.info(() -> changes.size() + " changes of " + what + " " + target
                        + ", which no longer exists: not counted");
                return;
            }
            var seen = watermarks.get();
            var deltas = new HashMap<String, Long>();
            var upTo = new TreeMap<Integer, BigInteger>();
            for (Change change : changes) {
                BigInteger watermark = seen.get(change.bucket());
                if (watermark != null && change.position().compareTo(watermark) <= 0) {
                    continue; // counted by an earlier delivery
                }
                change.deltas().forEach((counter, delta) -> deltas.merge(counter, delta, Long::sum));
                upTo.merge(change.bucket(), change.position(), BigInteger::max);
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
            if (tallies.add(target, deltas, seenOfThose, upTo)) {
                return;
            }
        }
        throw new IllegalStateException(what + " " + target + "'s watermarks kept changing under " + ATTEMPTS
                + " attempts to count its changes");
    }
}
