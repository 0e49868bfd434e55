package com.scaleout.local.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpConnectTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Busy answers and lost connections are sent again, after Retry-After or a backoff, a bounded number of times. */
class AdminClientTest {
    private static final String CHUNK = "{\"users\": 5, \"tweetsPerUser\": 1, \"followsPerUser\": 1, \"chunkId\": \"c-1\"}";
    private final FakeStack stack = new FakeStack();
    private final AdminClient client = stack.client();

    @Test
    void a503WithRetryAfterIsSentAgainAfterThatLongAndTheChunkIsWrittenOnce() throws Exception {
        stack.answerNext(503, "7", "Service Unavailable");

        var answer = client.call("POST", "/admin/seed", CHUNK);

        assertThat(answer.get("users").asInt()).isEqualTo(5);
        assertThat(stack.waits).containsExactly(Duration.ofSeconds(7));
        assertThat(stack.chunkIdsSent).containsExactly("c-1", "c-1");
        assertThat(stack.written).containsExactly("c-1");
    }

    @Test
    void aStackThatNothingAnswersForIsNotWaitedFor() {
        // a refused connection before any answer: no stack at that URL, not a busy one (it waited 35 s)
        stack.dropNext(new java.net.ConnectException("Connection refused"));

        assertThatThrownBy(client::status).isInstanceOf(AdminClient.NotUp.class)
                .hasMessage("nothing answers at http://stack.test: is ./scaleout up running? (--url names another "
                        + "stack)");
        assertThat(stack.waits).isEmpty();
    }

    @Test
    void aRefusedConnectionAfterTheStackAnsweredIsSentAgain() throws Exception {
        client.status();
        stack.dropNext(new java.net.ConnectException("Connection refused"));

        client.call("POST", "/admin/seed", CHUNK);

        assertThat(stack.waits).hasSize(1);
        assertThat(stack.written).containsExactly("c-1");
    }

    @Test
    void aRetryAfterDateIsWaitedUntil() throws Exception {
        stack.answerNext(429, "Tue, 01 Dec 2026 10:00:30 GMT", "Too Many Requests");

        client.call("POST", "/admin/seed", CHUNK);

        assertThat(stack.waits).containsExactly(Duration.ofSeconds(30));
    }

    @Test
    void withoutRetryAfterTheWaitsBackOffWithJitterUnderTheirCeiling() throws Exception {
        stack.answerNext(503, null, "busy");
        stack.dropNext(new HttpConnectTimeoutException("connect timed out"));
        stack.answerNext(504, null, "Gateway Timeout");

        client.call("POST", "/admin/seed", CHUNK);

        // full jitter: the n-th wait is anywhere up to 1 s doubled n - 1 times
        assertThat(stack.waits).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(stack.waits.get(i)).isBetween(Duration.ZERO, Duration.ofSeconds(1L << i));
        }
        assertThat(stack.written).containsExactly("c-1");
    }

    @Test
    void aStackBusyThroughEveryAttemptEndsWithAMessageSayingSo() {
        for (int i = 0; i < BusyRetries.MAX_ATTEMPTS; i++) {
            stack.answerNext(503, "2", "Service busy, retry shortly");
        }

        assertThatThrownBy(() -> client.call("POST", "/admin/seed", CHUNK))
                .isInstanceOf(AdminClient.GaveUp.class)
                .hasMessage("POST /admin/seed: still busy after 8 attempts in 14 s; last: answered 503: Service busy,"
                        + " retry shortly");
        assertThat(stack.chunkIdsSent).hasSize(BusyRetries.MAX_ATTEMPTS);
    }

    @Test
    void anAnswerRetryingCannotFixEndsAtOnce() {
        stack.answerNext(400, null, "users must be 1 to 1000");

        assertThatThrownBy(() -> client.call("POST", "/admin/seed", CHUNK))
                .isInstanceOf(AdminClient.Refused.class).hasMessageContaining("400: users must be 1 to 1000");
        assertThat(stack.waits).isEmpty();
    }

    @Test
    void aPollTakesABusyAnswerAsNoAnswer() throws Exception {
        stack.answerNextOn("GET /admin/status", 503, "1", "busy");

        assertThat(client.callOnce("GET", "/admin/status", null)).isEmpty();
        assertThat(client.callOnce("GET", "/admin/status", null)).isPresent();
        assertThat(stack.waits).isEmpty();
    }

    @Test
    void aRetryAfterIsCappedAndAnUnreadableOneIsABackoff() {
        var retries = new BusyRetries(stack.clock);

        assertThat(retries.waitAfter(1, Optional.of("86400"))).isEqualTo(BusyRetries.LONGEST_WAIT);
        assertThat(retries.waitAfter(1, Optional.of("soon"))).isBetween(Duration.ZERO, Duration.ofSeconds(1));
        assertThat(retries.waitAfter(1, Optional.of("Tue, 01 Dec 2026 09:00:00 GMT"))).isZero();
    }

    @Test
    void theFirstBusyAnswerWithoutRetryAfterIsNotResentAtOnce() {
        var retries = new BusyRetries(stack.clock);

        // the SDK numbers the attempt about to start: its delay before attempt 1 is always zero
        var firstWaits = IntStream.range(0, 100).mapToObj(i -> retries.waitAfter(1, Optional.empty())).toList();

        assertThat(firstWaits).allSatisfy(wait -> assertThat(wait).isBetween(Duration.ZERO, Duration.ofSeconds(1)));
        assertThat(firstWaits).as("drawn up to a second, not always nothing").anySatisfy(
                wait -> assertThat(wait).isPositive());
    }
}
