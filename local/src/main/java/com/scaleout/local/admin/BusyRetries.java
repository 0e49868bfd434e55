package com.scaleout.local.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * When to send a request again that met a busy stack (429, 502-504, or no answer): after the answer's Retry-After
 * (seconds or an HTTP date) when it has one, else after the SDK's exponential backoff with full jitter (1 s doubling
 * up to 30 s); at most {@link #MAX_ATTEMPTS} attempts in all, about 90 s of waiting when nothing says otherwise.
 */
final class BusyRetries {
    static final int MAX_ATTEMPTS = 8;
    /** A Retry-After beyond this is waited for this long: a command line that waits longer looks hung. */
    static final Duration LONGEST_WAIT = Duration.ofMinutes(2);
    private static final BackoffStrategy BACKOFF =
            BackoffStrategy.exponentialDelay(Duration.ofSeconds(1), Duration.ofSeconds(30));

    private final Clock clock;

    BusyRetries(Clock clock) {
        this.clock = clock;
    }

    static boolean isBusy(int status) {
        return status == 429 || status == 502 || status == 503 || status == 504;
    }

    /** Whether attempt {@code attempt} (from 1) may be followed by another. */
    static boolean mayRetryAfter(int attempt) {
        return attempt < MAX_ATTEMPTS;
    }

    /** The wait after attempt {@code attempt} (from 1) was answered busy, with or without Retry-After. */
    Duration waitAfter(int attempt, Optional<String> retryAfter) {
        // the SDK numbers the attempt about to start, and its delay before attempt 1 is always zero
        Duration wait = retryAfter.flatMap(this::parse).orElseGet(() -> BACKOFF.computeDelay(attempt + 1));
        return wait.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait;
    }

    private Optional<Duration> parse(String retryAfter) {
        String value = retryAfter.strip();
        try {
            return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(value))));
        } catch (NumberFormatException notSeconds) {
            try {
                var at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration until = Duration.between(clock.instant(), at);
                return Optional.of(until.isNegative() ? Duration.ZERO : until);
            } catch (DateTimeParseException notADate) {
                return Optional.empty(); // unreadable: back off as if there were none
            }
        }
    }
}
