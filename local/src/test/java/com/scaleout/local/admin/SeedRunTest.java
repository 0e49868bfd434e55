package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A seed resends what met a busy stack, stops with a way on, and resumes where it stopped. */
class SeedRunTest {
    private final FakeStack stack = new FakeStack();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final SeedRun seed = new SeedRun(stack.client(), new PrintStream(output, true, StandardCharsets.UTF_8),
            false);

    private String printed() {
        return output.toString(StandardCharsets.UTF_8);
    }

    @Test
    void chunkIdsComeFromTheArgumentsAndTheChunksNumber() {
        var chunks = SeedChunks.of("1", 200, 10, 10, 1_000);

        assertThat(chunks).extracting(SeedChunks.Chunk::id)
                .containsExactly("seed-1-u200-t10-f10-c90-1", "seed-1-u200-t10-f10-c90-2", "seed-1-u200-t10-f10-c90-3");
        assertThat(SeedChunks.of("1", 200, 10, 10, 1_000)).isEqualTo(chunks);
        assertThat(SeedChunks.of("2", 200, 10, 10, 1_000).getFirst().id()).isEqualTo("seed-2-u200-t10-f10-c90-1");
        assertThat(SeedChunks.chunkId("abcdefghijkl", Integer.MAX_VALUE, 200, 1_000, 1_000, Integer.MAX_VALUE))
                .hasSizeLessThanOrEqualTo(64);
        assertThatThrownBy(() -> SeedChunks.of("no spaces", 10, 1, 1, 1_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--run");
    }

    @Test
    void aChunkAnswered503IsSentAgainAndTheSeedCompletes() throws Exception {
        stack.answerNext(503, "3", "Service Unavailable");

        seed.seed("1", 30, 1, 1, 10, false);

        var ids = SeedChunks.of("1", 30, 1, 1, 10).stream().map(SeedChunks.Chunk::id).toList();
        assertThat(stack.chunkIdsSent).containsExactly(ids.get(0), ids.get(0), ids.get(1), ids.get(2));
        assertThat(stack.written).containsExactlyElementsOf(ids);
        assertThat(printed()).contains("seeded 30 accounts, 60 tweets, 30 follows").contains("100%");
    }

    @Test
    void aChunkStillBusyAfterTheClientsAttemptsWaitsForTheStreamsAndIsSentAgain() throws Exception {
        for (int i = 0; i < BusyRetries.MAX_ATTEMPTS; i++) {
            stack.answerNext(503, "1", "Service busy, retry shortly");
        }

        // no tweets or follows: no stream consumer to wait for, so the wait ends at its first look
        seed.seed("1", 20, 0, 0, 10, true);

        assertThat(stack.chunkIdsSent).hasSize(BusyRetries.MAX_ATTEMPTS + 2);
        assertThat(stack.written).hasSize(2);
        assertThat(printed()).contains("chunk 1 of 2 met a busy stack: waiting for the streams, then sending it again")
                .contains("seeded 20 accounts");
    }

    @Test
    void aStackBusyThroughEveryRoundStopsTheSeedSayingHowToResume() {
        for (int i = 0; i < BusyRetries.MAX_ATTEMPTS * SeedRun.BUSY_ROUNDS; i++) {
            stack.answerNext(503, "1", "Service busy, retry shortly");
        }

        assertThatThrownBy(() -> seed.seed("1", 30, 0, 0, 10, true))
                .isInstanceOf(AdminClient.GaveUp.class)
                .hasMessageContaining("stopped at chunk 1 of 3: POST /admin/seed: still busy after 8 attempts")
                .hasMessageContaining("run the same command again to resume at chunk 1");
        assertThat(stack.chunkIdsSent).hasSize(BusyRetries.MAX_ATTEMPTS * SeedRun.BUSY_ROUNDS);
        assertThat(stack.written).isEmpty();
    }

    @Test
    void withoutWaitingForTheStreamsOneRoundOfAttemptsIsAll() {
        for (int i = 0; i < BusyRetries.MAX_ATTEMPTS; i++) {
            stack.answerNext(503, null, "busy");
        }

        assertThatThrownBy(() -> seed.seed("1", 30, 1, 1, 10, false)).isInstanceOf(AdminClient.GaveUp.class)
                .hasMessageContaining("resume at chunk 1");
        assertThat(stack.chunkIdsSent).hasSize(BusyRetries.MAX_ATTEMPTS);
    }

    @Test
    void runAgainAfterChunkTwoItSkipsWhatIsInAndResumesAtChunkThree() throws Exception {
        var chunks = SeedChunks.of("1", 50, 1, 1, 10);
        stack.seededBefore(chunks.get(0));
        stack.seededBefore(chunks.get(1));

        seed.seed("1", 50, 1, 1, 10, false);

        assertThat(stack.written).containsExactly(chunks.get(2).id(), chunks.get(3).id(), chunks.get(4).id());
        assertThat(printed()).contains("resuming at chunk 3 of 5 (20 accounts were seeded by an earlier run")
                .contains("seeded 30 accounts, 60 tweets, 30 follows")
                .contains("with the 20 accounts seeded before, 50 in all")
                .contains("100%");
    }

    @Test
    void runAgainAfterItFinishedItWritesNothing() throws Exception {
        seed.seed("1", 20, 1, 1, 10, false);
        output.reset();

        seed.seed("1", 20, 1, 1, 10, false);

        assertThat(stack.written).hasSize(2);
        assertThat(printed()).contains("all 2 chunks were seeded before (20 accounts): nothing to do")
                .contains("--run NAME");
    }
}
