package com.scaleout.local.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./scaleout seed}: sends a seed's chunks in order, each under the id {@link SeedChunks} derives from the
 * arguments. A chunk is safe to send again (the route gives it the same accounts and data, and once it is written
 * whole answers it without writing: {@code replayed}), so a busy answer or a lost one is simply retried
 * ({@link AdminClient}), and running the same command again after it stopped skips what is in and resumes at the
 * first chunk that is not. With {@code waitForStreams}, each chunk waits until the stream consumers have caught up
 * with the one before: on the local emulator they write about ten items per seeded tweet, and seeding on while they
 * work only makes both time out.
 */
public final class SeedRun {
    /** The largest chunk the seed route takes, in accounts (the items per request bound it further). */
    public static final int LARGEST_CHUNK = SeedChunks.MAX_USERS;
    /** Rounds of the client's attempts one chunk gets, with a wait for the streams between them. */
    static final int BUSY_ROUNDS = 3;
    private final AdminClient client;
    private final PrintStream out;
    private final boolean terminal;
    private final StreamCatchUp catchUp;

    public SeedRun(AdminClient client, PrintStream out, boolean terminal) {
        this.client = client;
        this.out = out;
        this.terminal = terminal;
        this.catchUp = new StreamCatchUp(client);
    }

    /** What some chunks seeded, added up. */
    private static final class Totals {
        int chunks;
        long accounts;
        long skipped;
        long tweets;
        long follows;
        String firstUsername;

        void add(JsonNode answer) {
            chunks++;
            accounts += answer.get("users").asLong();
            skipped += answer.get("skipped").asLong();
            tweets += answer.get("tweets").asLong();
            follows += answer.get("follows").asLong();
            if (firstUsername == null && !answer.get("accounts").isEmpty()) {
                firstUsername = answer.get("accounts").get(0).get("username").asText();
            }
        }

        long done() {
            return accounts + skipped;
        }
    }

    public void seed(String run, int users, int tweetsPerUser, int followsPerUser, int chunkCap,
                     boolean waitForStreams) throws Exception {
        var chunks = SeedChunks.of(run, users, tweetsPerUser, followsPerUser, chunkCap);
        out.printf(Locale.ROOT, "seeding %,d accounts (%d tweets and %d follows each) in %d requests%n", users,
                tweetsPerUser, followsPerUser, chunks.size());
        var progress = new Progress(out, terminal, users);
        long started = System.nanoTime();
        var earlier = new Totals();
        var fresh = new Totals();
        progress.show(0, "starting");
        var consumers = StreamCatchUp.consumersOf(tweetsPerUser, followsPerUser);
        var request = new Request(tweetsPerUser, followsPerUser, waitForStreams, consumers);
        Instant lastWrite = null;
        for (var chunk : chunks) {
            if (waitForStreams && lastWrite != null) {
                long done = earlier.done() + fresh.done();
                catchUp.await(consumers, lastWrite, StreamCatchUp.PACING_IDLE, detail -> progress.show(done, detail));
            }
            JsonNode answer = send(chunk, chunks.size(), request, lastWrite, progress, earlier.done() + fresh.done());
            if (answer.path("replayed").asBoolean()) {
                earlier.add(answer);
                progress.show(earlier.done(), String.format(Locale.ROOT, "chunk %d of %d was seeded before",
                        chunk.number(), chunks.size()));
                continue;
            }
            if (earlier.chunks > 0 && fresh.chunks == 0) {
                progress.note(String.format(Locale.ROOT, "resuming at chunk %d of %d (%,d accounts were seeded by an"
                        + " earlier run of this command)", chunk.number(), chunks.size(), earlier.accounts));
            }
            fresh.add(answer);
            lastWrite = Instant.now();
            progress.show(earlier.done() + fresh.done(), String.format(Locale.ROOT,
                    "%,d/%,d accounts, %,d tweets, %,d follows", earlier.accounts + fresh.accounts, users,
                    earlier.tweets + fresh.tweets, earlier.follows + fresh.follows));
        }
        Boolean caughtUp = null;
        if (waitForStreams && lastWrite != null) {
            long done = earlier.done() + fresh.done();
            caughtUp = catchUp.await(consumers, lastWrite, StreamCatchUp.IDLE, detail -> progress.show(done, detail));
        }
        progress.finish();
        summarize(fresh, earlier, chunks.size(), users, (System.nanoTime() - started) / 1e9, caughtUp);
    }

    /**
     * The chunk's answer. A stack still busy after the client's attempts is, locally, nearly always the stream
     * consumers working off the chunks before (about ten writes per seeded tweet, behind one write gate): with
     * {@code waitForStreams} the chunk waits for them to catch up and is sent again, up to {@link #BUSY_ROUNDS}
     * times in all; then the seed stops, saying where the same command resumes.
     */
    private JsonNode send(SeedChunks.Chunk chunk, int of, Request request, Instant lastWrite, Progress progress,
                          long done) throws Exception {
        Instant firstAttempt = Instant.now();
        for (int round = 1; ; round++) {
            try {
                return client.call("POST", "/admin/seed", Json.write(Map.of("users", chunk.users(),
                        "tweetsPerUser", request.tweetsPerUser(), "followsPerUser", request.followsPerUser(),
                        "chunkId", chunk.id())));
            } catch (AdminClient.GaveUp e) {
                if (!request.waitForStreams() || round == BUSY_ROUNDS) {
                    progress.finish();
                    throw new AdminClient.GaveUp(String.format(Locale.ROOT, "stopped at chunk %d of %d: %s%n"
                            + "the chunks before it are in, and at most this one is partly written; run the same"
                            + " command again to resume at chunk %d", chunk.number(), of, e.getMessage(),
                            chunk.number()), e);
                }
                progress.show(done, String.format(Locale.ROOT, "chunk %d of %d met a busy stack: waiting for the"
                        + " streams, then sending it again", chunk.number(), of));
                catchUp.await(request.consumers(), lastWrite != null ? lastWrite : firstAttempt,
                        StreamCatchUp.PACING_IDLE, detail -> progress.show(done, detail));
            }
        }
    }

    /** What every chunk of a seed asks for. */
    private record Request(int tweetsPerUser, int followsPerUser, boolean waitForStreams,
                           java.util.Set<String> consumers) {
    }

    /** {@code caughtUp}: whether the streams caught up at the end (null: not waited for). */
    private void summarize(Totals fresh, Totals earlier, int chunks, int users, double seconds, Boolean caughtUp) {
        if (fresh.chunks == 0) {
            out.printf(Locale.ROOT, "all %d chunks were seeded before (%,d accounts): nothing to do. ./scaleout reset"
                    + " empties the stack; --run NAME seeds %,d more accounts%n", chunks, earlier.accounts, users);
            return;
        }
        out.printf(Locale.ROOT, "seeded %,d accounts, %,d tweets, %,d follows in %.1f s (%,.0f items/s)%s%s%n",
                fresh.accounts, fresh.tweets, fresh.follows, seconds,
                (fresh.accounts * 2 + fresh.tweets + fresh.follows) / seconds,
                earlier.chunks == 0 ? "" : String.format(Locale.ROOT, "; with the %,d accounts seeded before, %,d in all",
                        earlier.accounts, earlier.accounts + fresh.accounts),
                fresh.skipped + earlier.skipped == 0 ? "" : String.format(Locale.ROOT,
                        "; %,d usernames were taken and skipped", fresh.skipped + earlier.skipped));
        String example = earlier.firstUsername != null ? earlier.firstUsername : fresh.firstUsername;
        if (example != null) {
            out.printf("log in as any of them with password seeded-password, e.g. %s%n", example);
        }
        if (caughtUp == null) {
            out.println("the streams now index the tweets and fill the timelines: ./scaleout status shows their lag");
        } else if (caughtUp) {
            out.println("every stream consumer has caught up: the tweets are indexed and the timelines filled");
        } else {
            out.println("the streams are still working off the seed: ./scaleout status shows their lag");
        }
    }
}
