package com.scaleout.bench;

import com.scaleout.bench.cost.Meters;
import java.util.HashMap;
import java.util.Map;

/**
 * The invocations of one function that end while this is open, added up (from the cost meter, which hears every
 * invocation of the runtime in this JVM): how many, their time, and their DynamoDB calls by operation. A benchmark
 * reads it at the edges of its phases and takes differences ({@link #snapshot()}).
 */
final class InvocationTally implements Meters.InvocationListener, AutoCloseable {
    private final String function;
    private long invocations;
    private double millis;
    private final Map<String, Long> dynamoDbCalls = new HashMap<>();

    private InvocationTally(String function) {
        this.function = function;
    }

    static InvocationTally of(String function) {
        var tally = new InvocationTally(function);
        Meters.addListener(tally);
        return tally;
    }

    /** What the tally held at one moment. */
    record Snapshot(long invocations, double millis, Map<String, Long> dynamoDbCalls) {
        /** What ended between {@code earlier} and this. */
        Snapshot since(Snapshot earlier) {
            var calls = new HashMap<String, Long>();
            dynamoDbCalls.forEach((operation, count) -> {
                long added = count - earlier.dynamoDbCalls().getOrDefault(operation, 0L);
                if (added > 0) {
                    calls.put(operation, added);
                }
            });
            return new Snapshot(invocations - earlier.invocations(), millis - earlier.millis(), Map.copyOf(calls));
        }

        long calls(String operation) {
            return dynamoDbCalls.getOrDefault(operation, 0L);
        }
    }

    @Override
    public synchronized void ended(Meters.Invocation invocation) {
        if (!function.equals(invocation.function())) {
            return;
        }
        invocations++;
        millis += invocation.durationMillis();
        invocation.reading().dynamoDbCalls().forEach((operation, count) ->
                dynamoDbCalls.merge(operation, count.longValue(), Long::sum));
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(invocations, millis, Map.copyOf(dynamoDbCalls));
    }

    synchronized long invocations() {
        return invocations;
    }

    @Override
    public void close() {
        Meters.removeListener(this);
    }
}
