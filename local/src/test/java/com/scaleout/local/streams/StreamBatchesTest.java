package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StreamBatchesTest {
    /** Records as their sizes in bytes; a batch fits when their sum does. */
    private static Predicate<List<Integer>> within(int limit) {
        return batch -> batch.stream().mapToInt(Integer::intValue).sum() <= limit;
    }

    private static List<Integer> sizes(int count, int each) {
        return IntStream.range(0, count).mapToObj(i -> each).toList();
    }

    @Test
    void batchesNeverExceedTheBatchSize() {
        var batches = StreamBatches.of(sizes(25, 1), 10, within(1_000));

        assertThat(batches).extracting(List::size).containsExactly(10, 10, 5);
    }

    @Test
    void aBatchWhoseEventWouldBeOverThePayloadLimitIsCutToTheMostRecordsThatFit() {
        // ten records of 700 units against a limit of 6,000: eight fit, as the event source mapping would send
        var batches = StreamBatches.of(sizes(10, 700), 10, within(6_000));

        assertThat(batches).extracting(List::size).containsExactly(8, 2);
    }

    @Test
    void aRecordAloneOverTheLimitStillGoesAlone() {
        var batches = StreamBatches.of(List.of(1, 9_000, 1), 10, within(6_000));

        assertThat(batches).containsExactly(List.of(1), List.of(9_000), List.of(1));
    }
}
