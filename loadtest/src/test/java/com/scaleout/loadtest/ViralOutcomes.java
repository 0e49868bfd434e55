package com.scaleout.loadtest;

import io.gatling.javaapi.core.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a viral scenario's writes were answered, and the verdict on the count they should have moved: accepted
 * (the scenario's 2xx), refused by a throttle (429, before any function ran: nothing written) or unknown (a 5xx
 * or no answer, whose outcome the client cannot know: the gateway's 503 at its integration timeout while the
 * function ran on). Once the count caught up with the accepted writes (counts move from a stream, moments later;
 * at most a minute's wait) it is read again after a few seconds (a late second count would show by then); it
 * reconciles when at least the accepted writes (none lost) and at most those plus the unknown (nothing counted
 * twice, nothing refused counted).
 */
final class ViralOutcomes {
    /** How long a count may take to catch up with the writes accepted. */
    private static final Duration CATCH_UP = Duration.ofMinutes(1);
    /** How long after catching up the count is read again, to see a write counted twice. */
    private static final Duration SETTLED = Duration.ofSeconds(3);
    private final int acceptedStatus;
    private final LongAdder accepted = new LongAdder();
    private final LongAdder unknown = new LongAdder();
    private final LongAdder refused = new LongAdder();

    ViralOutcomes(int acceptedStatus) {
        this.acceptedStatus = acceptedStatus;
    }

    /**
     * The scenario's users arriving at {@code rate} a second for {@code seconds} (an open model: whatever the
     * answers' latency), each sending {@code request} once, answered the accepted status or a throttle's 429 (anything
     * else fails the run) and counted here.
     */
    io.gatling.javaapi.core.PopulationBuilder openModel(io.gatling.javaapi.core.ScenarioBuilder scenario,
                                                        io.gatling.javaapi.http.HttpRequestActionBuilder request,
                                                        int rate, int seconds) {
        return scenario.exec(request.check(io.gatling.javaapi.http.HttpDsl.status().saveAs("status"),
                        io.gatling.javaapi.http.HttpDsl.status().in(acceptedStatus, 429)))
                .exec(this::record)
                .injectOpen(io.gatling.javaapi.core.CoreDsl.constantUsersPerSec(rate).during(seconds));
    }

    /** Counts the answer a request saved as {@code status} (absent: no answer). */
    Session record(Session session) {
        int status = session.contains("status") ? session.getInt("status") : 0;
        if (status == acceptedStatus) {
            accepted.increment();
        } else if (status == 429) {
            refused.increment();
        } else if (status >= 500 || status == 0) {
            unknown.increment();
        }
        return session;
    }

    /** How the count is read; a count that cannot be read fails the verdict. */
    interface Count {
        long read() throws IOException, InterruptedException;
    }

    /**
     * Waits for {@code count} to catch up, prints the verdict (its first word {@code reconciled} or
     * {@code NOT}) after {@code scenario} and writes it to {@code -DverdictFile} when given.
     */
    void judge(String scenario, String writes, String counted, Count count) {
        conclude(scenario, "the count", () -> {
            long sure = accepted.sum();
            long maybe = unknown.sum();
            long seen = count.read();
            long deadline = System.nanoTime() + CATCH_UP.toNanos();
            while (seen < sure && System.nanoTime() < deadline) {
                Thread.sleep(500);
                seen = count.read();
            }
            Thread.sleep(SETTLED.toMillis());
            seen = count.read();
            return (seen >= sure && seen <= sure + maybe ? "reconciled" : "NOT reconciled") + ": " + sure + " "
                    + writes + " answered " + acceptedStatus + ", " + refused.sum() + " refused (429), " + maybe
                    + " answered 5xx or not at all; " + counted + " " + seen
                    + (seen < sure ? " (" + (sure - seen) + " accepted " + writes + " lost)"
                    : seen > sure + maybe ? " (" + (seen - sure - maybe) + " counted more than sent)" : "");
        });
    }

    /** How a scenario reaches its verdict (its first word {@code reconciled} or {@code NOT}). */
    interface Verdict {
        String reach() throws IOException, InterruptedException;
    }

    /**
     * Prints the verdict after {@code scenario} and writes it ({@link #writeVerdict}); one that cannot be reached
     * (what it reads, {@code read}, could not be read) is {@code NOT reconciled}.
     */
    static void conclude(String scenario, String read, Verdict verdict) {
        String reached;
        try {
            reached = verdict.reach();
        } catch (IOException | RuntimeException e) {
            reached = "NOT reconciled: " + read + " could not be read (" + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reached = "NOT reconciled: interrupted";
        }
        System.out.println(scenario + " " + reached);
        writeVerdict(reached);
    }

    /** Writes a verdict (its first word {@code reconciled} or {@code NOT}) to {@code -DverdictFile} when given. */
    static void writeVerdict(String verdict) {
        String file = System.getProperty("verdictFile");
        if (file != null) {
            try {
                Files.writeString(Path.of(file), verdict + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
