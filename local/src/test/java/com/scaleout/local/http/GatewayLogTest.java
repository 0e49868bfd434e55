package com.scaleout.local.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class GatewayLogTest {
    private final ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler();
    /** Half a second into a second: the count is due half a second after the flood. */
    private final AtomicLong now = new AtomicLong(TimeUnit.MILLISECONDS.toNanos(500));

    @BeforeEach
    void start() throws Exception {
        scheduler.start();
    }

    @AfterEach
    void stop() throws Exception {
        scheduler.stop();
    }

    @Test
    void aLineSaysStatusReasonRouteAndRequestId() {
        try (var lines = new GatewayLines()) {
            new GatewayLog(now::get, scheduler).answered(429, "admission", "too many in flight", () -> "GET /tweets",
                    "abc123");

            assertThat(lines.lines()).containsExactly("request abc123: the gateway answered 429 itself (admission: "
                    + "too many in flight), route GET /tweets");
        }
    }

    /**
     * A flood of 429s writes {@value GatewayLog#LINES_PER_SECOND} lines in its second, and one more that counts the
     * rest by status and reason when the second ends, though nothing follows the flood.
     */
    @Test
    void pastTheLinesOfASecondTheRestAreCountedAndSaidWhenItEnds() {
        var log = new GatewayLog(now::get, scheduler);
        var routesLookedUp = new AtomicInteger();
        try (var lines = new GatewayLines()) {
            for (int i = 0; i < GatewayLog.LINES_PER_SECOND + 30; i++) {
                log.answered(429, "admission", "too many in flight", () -> "GET /a" + routesLookedUp.incrementAndGet(),
                        "flood" + i);
            }
            log.answered(413, "body over API Gateway's quota", "over 10 MB", () -> "POST /a", "big");

            assertThat(lines.saying("the gateway answered")).hasSize(GatewayLog.LINES_PER_SECOND);
            assertThat(routesLookedUp).as("only for the lines written").hasValue(GatewayLog.LINES_PER_SECOND);
            await().atMost(Duration.ofSeconds(30)).until(() -> !lines.saying("not written one by one").isEmpty());
            assertThat(lines.saying("not written one by one")).singleElement().asString()
                    .contains("413 body over API Gateway's quota=1").contains("429 admission=30");

            now.addAndGet(TimeUnit.SECONDS.toNanos(1));
            log.answered(429, "admission", "too many in flight", () -> "GET /a", "next");
            assertThat(lines.saying("request next: ")).as("a new second, lines again").hasSize(1);
        }
    }
}
