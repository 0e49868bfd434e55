package com.scaleout.local.cost;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What one invocation asked of DynamoDB and Redis: calls per DynamoDB operation and the capacity units AWS would
 * bill for them, Redis commands, round trips and ECPUs. Filled from the invocation's thread (and threads it
 * started) by {@link DynamoDbMeter} and {@link RedisMeter}; Redis replies complete on Lettuce's event loop, so
 * every method is synchronized.
 */
public final class InvocationMeter {
    private final Map<String, Integer> dynamoDbCalls = new TreeMap<>();
    private double readUnits;
    private double writeUnits;
    private int redisCommands;
    private long ecpus;
    private final RoundTrips roundTrips = new RoundTrips();
    private long meteringNanos;

    public synchronized void dynamoDbCall(String operation) {
        dynamoDbCalls.merge(operation, 1, Integer::sum);
    }

    public synchronized void capacity(double read, double write) {
        readUnits += read;
        writeUnits += write;
    }

    /** Time the meter itself spent (side reads of items' sizes), which is not the function's own. */
    public synchronized void meteringTook(long nanos) {
        meteringNanos += nanos;
    }

    public synchronized void redisCommandStarted() {
        redisCommands++;
        roundTrips.commandStarted();
    }

    public synchronized void redisCommandCompleted(long commandEcpus) {
        ecpus += commandEcpus;
        roundTrips.commandCompleted();
    }

    public synchronized Reading reading() {
        return new Reading(Map.copyOf(dynamoDbCalls), readUnits, writeUnits, redisCommands, roundTrips.count(),
                ecpus, meteringNanos / 1e6);
    }

    /**
     * A meter's figures.
     *
     * @param meteringMillis time spent by the meter's side reads during the invocation, to subtract from its duration
     */
    public record Reading(Map<String, Integer> dynamoDbCalls, double readUnits, double writeUnits, int redisCommands,
                          int redisRoundTrips, long ecpus, double meteringMillis) {
        public static final Reading NONE = new Reading(Map.of(), 0, 0, 0, 0, 0, 0);

        public int dynamoDbCallCount() {
            return dynamoDbCalls.values().stream().mapToInt(Integer::intValue).sum();
        }

        public boolean isEmpty() {
            return dynamoDbCalls.isEmpty() && redisCommands == 0;
        }

        /** For the REPORT line: {@code DynamoDB: 2 calls (GetItem 1, Query 1) 1.5 RCU 0 WCU Redis: ...}. */
        public String summary() {
            return String.format(Locale.ROOT, "DynamoDB: %d calls%s %s RCU %s WCU Redis: %d commands %d round trips",
                    dynamoDbCallCount(), dynamoDbCalls.isEmpty() ? "" : " (" + operations() + ")",
                    units(readUnits), units(writeUnits), redisCommands, redisRoundTrips);
        }

        public String operations() {
            return new TreeMap<>(dynamoDbCalls).entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        }

        static String units(double units) {
            return units == Math.rint(units) ? String.valueOf((long) units) : String.format(Locale.ROOT, "%.1f", units);
        }
    }
}
