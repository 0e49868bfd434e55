package com.scaleout.local.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The switch a fault test turns: which share of the DynamoDB data calls made in this JVM (the functions' calls,
 * through {@link ThrottlingInterceptor}) DynamoDB throttles, decided afresh for every attempt. Off unless a test
 * turns it on, so every other test on the classpath runs against DynamoDB untouched. Control-plane calls (the
 * runtime's DescribeTable) and the Streams API are never throttled: the fault is in the tables' capacity.
 */
public final class DynamoDbThrottling {
    /** The operations that consume a table's capacity, and so can be throttled. */
    static final Set<String> DATA_OPERATIONS = Set.of("GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query",
            "Scan", "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems");

    private static volatile double share;
    private static final AtomicLong attempts = new AtomicLong();
    private static final AtomicLong throttled = new AtomicLong();
    private static final List<Long> attemptNanos = Collections.synchronizedList(new ArrayList<>());
    private static volatile String traced;
    private static ThrottlingProxy proxy;

    private DynamoDbThrottling() {
    }

    /** From now on, throttles this share (0..1) of the attempts, evenly spread; 1 throttles every one. */
    public static synchronized Scope throttle(double shareOfAttempts) {
        if (proxy == null) {
            try {
                proxy = ThrottlingProxy.start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the throttling proxy", e);
            }
        }
        attempts.set(0);
        throttled.set(0);
        attemptNanos.clear();
        traced = null;
        share = shareOfAttempts;
        return new Scope();
    }

    /** Throttling for a block: closing it turns throttling off. */
    public static final class Scope implements AutoCloseable {
        private Scope() {
        }

        /** Attempts of data calls that reached the proxy since throttling was turned on. */
        public long attempts() {
            return attempts.get();
        }

        /** Of those, the ones answered with a throttling error. */
        public long throttled() {
            return throttled.get();
        }

        /** Notes when attempts whose request body contains {@code marker} reach the proxy. */
        public Scope trace(String marker) {
            traced = marker;
            return this;
        }

        /** When each traced attempt reached the proxy ({@link System#nanoTime()}), in order. */
        public List<Long> attemptTimes() {
            synchronized (attemptNanos) {
                return List.copyOf(attemptNanos);
            }
        }

        @Override
        public void close() {
            share = 0;
        }
    }

    /** The proxy this call goes through while throttling is on (null: straight to DynamoDB). */
    static URI proxyFor(String serviceName, String operation) {
        boolean eligible = "DynamoDb".equals(serviceName) && DATA_OPERATIONS.contains(operation);
        return share > 0 && eligible ? proxy.uri() : null;
    }

    /** One attempt reached the proxy: throttle it? */
    static boolean throttlesAttempt(String requestBody) {
        long attempt = attempts.incrementAndGet();
        String marker = traced;
        if (marker != null && requestBody.contains(marker)) {
            attemptNanos.add(System.nanoTime());
        }
        // spread evenly, not drawn at random: with 5 % a run of a few dozen attempts could otherwise see no
        // throttle at all (a fresh run did), and a test that asserts throttles happened would fail by chance
        double current = share;
        boolean throttle = current >= 1
                || (current > 0 && Math.floor(attempt * current) > Math.floor((attempt - 1) * current));
        if (throttle) {
            throttled.incrementAndGet();
        }
        return throttle;
    }
}
