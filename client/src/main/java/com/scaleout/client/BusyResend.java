package com.scaleout.client;

import java.time.Duration;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * Which answers a client sends its request again after, as the API asks its clients to (a 429, a 503), how often and
 * after which pause; the last attempt's answer is the call's, whatever it is.
 *
 * @param busy the answers that are sent again
 * @param maxAttempts attempts in all, the first included
 * @param pauseAfter the pause after attempt n (from 1)
 */
public record BusyResend(Predicate<ApiResponse> busy, int maxAttempts, IntFunction<Duration> pauseAfter) {
    /** Every answer is the call's. */
    public static final BusyResend NEVER = new BusyResend(answer -> false, 1, attempt -> Duration.ZERO);

    public BusyResend {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("at least one attempt, was " + maxAttempts);
        }
    }

    boolean resendsAfter(int attempt, ApiResponse answer) {
        return attempt < maxAttempts && busy.test(answer);
    }
}
