package com.scaleout.local.streams;

import java.time.Duration;

/**
 * How many records a poller asks for per GetRecords: it starts small, doubles while full reads come back fast, and
 * halves when a read is slow or times out, so that a backlog drains at the rate the backend can serve instead of
 * every read outgrowing its timeout and being retried forever (a 1,000-record read of a busy moto took 9-10 s).
 */
final class ReadSize {
    static final int INITIAL = 100;
    static final int MIN = 10;
    /** DynamoDB's own ceiling for one GetRecords. */
    static final int MAX = 1000;
    /** A read slower than this asks for less next time. */
    static final Duration SLOW = Duration.ofSeconds(1);

    private int current = INITIAL;

    int current() {
        return current;
    }

    void afterRead(int returned, Duration took) {
        if (took.compareTo(SLOW) > 0) {
            shrink();
        } else if (returned >= current) {
            current = Math.min(MAX, current * 2);
        }
    }

    void afterTimeout() {
        shrink();
    }

    private void shrink() {
        current = Math.max(MIN, current / 2);
    }
}
