package com.scaleout.functions.shared.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ThrottledLogTest {
    private final Logger logger = Logger.getLogger(ThrottledLogTest.class.getName() + ".probe");
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final AtomicLong now = new AtomicLong(1_000);
    private final ThrottledLog log;

    ThrottledLogTest() {
        logger.setUseParentHandlers(false);
        logger.addHandler(capture);
        log = new ThrottledLog(logger, Duration.ofSeconds(60), now::get);
    }

    @AfterEach
    void detach() {
        logger.removeHandler(capture);
    }

    @Test
    void aRunOfFailuresIsOneWarningAMinuteWithTheCountLeftOut() {
        var down = new IllegalStateException("connection refused");
        for (int i = 0; i < 1_000; i++) {
            log.warn("timeline cache unavailable; reading DynamoDB", down);
            now.addAndGet(Duration.ofMillis(100).toNanos()); // 100 s in all
        }

        assertThat(records).extracting(LogRecord::getMessage).containsExactly(
                "timeline cache unavailable; reading DynamoDB",
                "timeline cache unavailable; reading DynamoDB (599 more since the last report)");
        assertThat(records).allSatisfy(r -> assertThat(r.getThrown()).isSameAs(down));
    }

    @Test
    void eachMessageHasItsOwnInterval() {
        log.warn("timeline cache unavailable", new IllegalStateException());
        log.warn("session cache unavailable", new IllegalStateException());
        log.warn("timeline cache unavailable", new IllegalStateException());

        assertThat(records).extracting(LogRecord::getMessage)
                .containsExactly("timeline cache unavailable", "session cache unavailable");
    }
}
