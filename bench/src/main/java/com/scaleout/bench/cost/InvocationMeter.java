package com.scaleout.bench.cost;

import com.scaleout.local.cost.CapacityCalculator;
import com.scaleout.local.cost.Charges;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What one invocation asked of DynamoDB and Redis: calls per DynamoDB operation and the capacity units AWS would
 * bill for them, S3 calls, Redis commands, round trips and ECPUs. Filled from the invocation's thread (and threads it
 * started) by {@link DynamoDbMeter} and {@link RedisMeter}; Redis replies complete on Lettuce's event loop, so
 * every method is synchronized.
 */
public final class InvocationMeter {
    private final Map<String, Integer> dynamoDbCalls = new TreeMap<>();
    private final Map<String, Integer> s3Calls = new TreeMap<>();
    private final Map<Charges.Partition, CapacityCalculator.Units> byPartition = new java.util.HashMap<>();
    private int redisCommands;
    private final java.util.List<SentCommand> sent = new java.util.ArrayList<>();
    private final RoundTrips roundTrips = new RoundTrips();
    /** When the meter's side reads ran ({start, end} nanos): on several threads at once they overlap. */
    private final java.util.List<long[]> metering = new java.util.ArrayList<>();

    public synchronized void dynamoDbCall(String operation) {
        dynamoDbCalls.merge(operation, 1, Integer::sum);
    }

    public synchronized void s3Call(String operation) {
        s3Calls.merge(operation, 1, Integer::sum);
    }

    /** The units a call consumed, by the partition (table or index, and key) that served them. */
    public synchronized void capacity(Charges charges) {
        for (Charges.Charge charge : charges.charges()) {
            byPartition.merge(charge.partition(), new CapacityCalculator.Units(charge.read(), charge.write()),
                    Reading::plus);
        }
    }

    /** The meter itself spent this interval (side reads of items' sizes), which is not the function's time. */
    public synchronized void metered(long startNanos, long endNanos) {
        metering.add(new long[] {startNanos, endNanos});
    }

    /** The wall-clock time covered by the metering intervals, overlaps counted once. */
    static long covered(java.util.List<long[]> intervals) {
        var sorted = new java.util.ArrayList<>(intervals);
        sorted.sort(java.util.Comparator.comparingLong(interval -> interval[0]));
        long total = 0;
        long end = Long.MIN_VALUE;
        for (long[] interval : sorted) {
            long from = Math.max(interval[0], end);
            if (interval[1] > from) {
                total += interval[1] - from;
            }
            end = Math.max(end, interval[1]);
        }
        return total;
    }

    /** A Redis command as the meter sees it: whether its reply is in, and its ECPUs once it is. */
    public interface SentCommand {
        boolean isDone();

        long ecpus();
    }

    /**
     * A command is sent. Its ECPUs are read from it when the meter is read, not from Lettuce's completion notice,
     * which reaches listeners only after the caller's future completed: the invocation may have ended by then.
     */
    public synchronized void redisCommandStarted(SentCommand command) {
        redisCommands++;
        sent.add(command);
        roundTrips.commandStarted(command::isDone);
    }

    public synchronized Reading reading() {
        long ecpus = sent.stream().filter(SentCommand::isDone).mapToLong(SentCommand::ecpus).sum();
        return new Reading(Map.copyOf(dynamoDbCalls), Map.copyOf(s3Calls), Map.copyOf(byPartition), redisCommands,
                roundTrips.count(), ecpus, covered(metering) / 1e6);
    }

    /**
     * A meter's figures.
     *
     * @param byPartition    DynamoDB capacity units by the partition that served them (a table's or index's key value)
     * @param meteringMillis time spent by the meter's side reads during the invocation, to subtract from its duration
     */
    public record Reading(Map<String, Integer> dynamoDbCalls, Map<String, Integer> s3Calls,
                          Map<Charges.Partition, CapacityCalculator.Units> byPartition, int redisCommands,
                          int redisRoundTrips, long ecpus, double meteringMillis) {
        public static final Reading NONE = new Reading(Map.of(), Map.of(), Map.of(), 0, 0, 0, 0);

        public double readUnits() {
            return byPartition.values().stream().mapToDouble(CapacityCalculator.Units::read).sum();
        }

        public double writeUnits() {
            return byPartition.values().stream().mapToDouble(CapacityCalculator.Units::write).sum();
        }

        public static CapacityCalculator.Units plus(CapacityCalculator.Units a, CapacityCalculator.Units b) {
            return new CapacityCalculator.Units(a.read() + b.read(), a.write() + b.write());
        }

        public int dynamoDbCallCount() {
            return dynamoDbCalls.values().stream().mapToInt(Integer::intValue).sum();
        }

        public boolean isEmpty() {
            return dynamoDbCalls.isEmpty() && s3Calls.isEmpty() && redisCommands == 0;
        }

        /** For the REPORT line: {@code DynamoDB: 2 calls (GetItem 1, Query 1) 1.5 RCU 0 WCU Redis: ...}. */
        public String summary() {
            return String.format(Locale.ROOT, "DynamoDB: %d calls%s %s RCU %s WCU Redis: %d commands %d round trips",
                    dynamoDbCallCount(), dynamoDbCalls.isEmpty() ? "" : " (" + operations() + ")",
                    units(readUnits()), units(writeUnits()), redisCommands, redisRoundTrips)
                    + (s3Calls.isEmpty() ? "" : " S3: " + operations(s3Calls));
        }

        public String operations() {
            return operations(dynamoDbCalls);
        }

        static String operations(Map<String, Integer> calls) {
            return new TreeMap<>(calls).entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        }

        static String units(double units) {
            return units == Math.rint(units) ? String.valueOf((long) units) : String.format(Locale.ROOT, "%.1f", units);
        }
    }
}
