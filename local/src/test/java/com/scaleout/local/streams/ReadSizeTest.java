package com.scaleout.local.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadSizeTest {
    private static final Duration FAST = Duration.ofMillis(20);

    @Test
    void startsAtOneHundredAndDoublesWhileFullReadsAreFastUpToDynamoDbsCeiling() {
        var size = new ReadSize();
        assertThat(size.current()).isEqualTo(100);
        for (int i = 0; i < 10; i++) {
            size.afterRead(size.current(), FAST);
        }
        assertThat(size.current()).isEqualTo(1000);
    }

    @Test
    void aPartialReadLeavesTheSizeAlone() {
        var size = new ReadSize();
        size.afterRead(7, FAST);
        assertThat(size.current()).isEqualTo(100);
    }

    @Test
    void aSlowReadOrATimeoutHalvesItDownToTen() {
        var size = new ReadSize();
        size.afterRead(100, Duration.ofSeconds(3));
        assertThat(size.current()).isEqualTo(50);
        for (int i = 0; i < 10; i++) {
            size.afterTimeout();
        }
        assertThat(size.current()).isEqualTo(10);
    }
}
