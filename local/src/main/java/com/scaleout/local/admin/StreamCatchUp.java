package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Waits until the stream consumers that seeded data feeds have caught up, as {@code GET /admin/status} reports
 * them: each has reported a batch since the last chunk was written, and either that batch was under
 * {@link #CAUGHT_UP} behind its stream or it has reported nothing for an idle window (a consumer reports only when it
 * processes a batch, so an idle one keeps its last figure): {@link #IDLE} for the seed's end, {@link #PACING_IDLE}
 * between chunks, where a consumer taken for done too early only lets the next chunk start a little sooner. A busy
 * status answer is polled again. Gives up (and goes on) after {@link #GIVE_UP}.
 */
public final class StreamCatchUp {
    static final Duration CAUGHT_UP = Duration.ofSeconds(5);
    /** No batch for this long after the writes: nothing left to do. A busy consumer reports every few seconds. */
    public static final Duration IDLE = Duration.ofSeconds(15);
    /**
     * Between chunks: consumers that keep up finish a chunk's records while it is still being written and then
     * report nothing; waiting the full idle window after every chunk was a third of a 2,000-account seed's time.
     */
    public static final Duration PACING_IDLE = Duration.ofSeconds(5);
    static final Duration GIVE_UP = Duration.ofMinutes(3);
    private static final Duration POLL = Duration.ofSeconds(2);
    /** Reports from a stack whose clock runs a little behind this machine's still count. */
    private static final Duration CLOCK_SKEW = Duration.ofSeconds(2);

    private final AdminClient client;

    public StreamCatchUp(AdminClient client) {
        this.client = client;
    }

    /** Tweets feed the tweet and search indexers and the fanout; follows feed the fanout. */
    static Set<String> consumersOf(int tweetsPerUser, int followsPerUser) {
        var consumers = new LinkedHashSet<String>();
        if (tweetsPerUser > 0) {
            consumers.addAll(List.of("TweetIndexer", "SearchIndexer", "SocialFanout"));
        }
        if (followsPerUser > 0) {
            consumers.add("SocialFanout");
        }
        return consumers;
    }

    /** The consumers still behind at {@code now}, with how far; empty when all have caught up. */
    static List<String> behind(JsonNode status, Set<String> consumers, Instant since, Instant now, Duration idle) {
        var behind = new ArrayList<String>();
        JsonNode streams = status.path("streams");
        for (String consumer : consumers) {
            JsonNode report = streams.path(consumer);
            // a consumer with no batch lately has no lag reported (null), which is not a lag of zero
            Instant at = report.path("at").isTextual() ? Instant.parse(report.get("at").asText()) : null;
            if (at == null || at.isBefore(since.minus(CLOCK_SKEW))) {
                // no batch since the write: still to start, unless it has been idle that long (it finished the
                // write's records while the write was still being answered, which parallel batches often do)
                if (now.isBefore(since.plus(idle))) {
                    behind.add(consumer + " not started");
                }
            } else if (report.get("lagMs").asLong() >= CAUGHT_UP.toMillis() && at.isAfter(now.minus(idle))) {
                behind.add(String.format(Locale.ROOT, "%s %.0f s behind", consumer,
                        report.get("lagMs").asLong() / 1000.0));
            }
        }
        return behind;
    }

    /**
     * Waits until {@code consumers} caught up with what was written before {@code since} ({@code idle}: the idle
     * window); reports while waiting. False when it gave up.
     */
    public boolean await(Set<String> consumers, Instant since, Duration idle, Consumer<String> report)
            throws Exception {
        long giveUp = System.nanoTime() + GIVE_UP.toNanos();
        while (System.nanoTime() < giveUp) {
            // a stack busy with the streams' work may answer the status 503: that is one more poll, not the end
            var status = client.callOnce("GET", "/admin/status", null);
            var behind = status.map(s -> behind(s, consumers, since, Instant.now(), idle))
                    .orElse(List.of("the status is busy or does not answer"));
            if (behind.isEmpty()) {
                return true;
            }
            report.accept("waiting for the streams: " + String.join(", ", behind));
            Thread.sleep(POLL.toMillis());
        }
        report.accept("the streams are still behind after " + GIVE_UP.toMinutes() + " minutes: going on");
        return false;
    }
}
