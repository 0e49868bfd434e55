package com.scaleout.local.streams;

import java.time.Duration;

/**
 * How long a poller waits before it invokes a failed or throttled batch again: half a second, doubling to ten
 * seconds.
 * Lambda documents no schedule, only that it backs off; this one lets a consumer's declared retries outlast a minute
 * of overload (ten retries of a batch whose writes time out take more than a minute and a half), where a fixed second
 * spent five retries in ten seconds and sent records of a busy stack to the on-failure destination.
 */
final class RetryBackoff {
    static final Duration FIRST = Duration.ofMillis(500);
    static final Duration MAX = Duration.ofSeconds(10);

    private RetryBackoff() {
    }

    /** The wait after the {@code failures}th failure in a row (1 for the first). */
    static Duration after(int failures) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures must be at least 1, was " + failures);
        }
        long millis = FIRST.toMillis() << Math.min(failures - 1, 20);
        return Duration.ofMillis(Math.min(MAX.toMillis(), millis));
    }
}
