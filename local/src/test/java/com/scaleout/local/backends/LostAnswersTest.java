package com.scaleout.local.backends;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LostAnswersTest {
    private static final String PUT_ITEM = "DynamoDB_20120810.PutItem";

    @Test
    void offUnlessTurnedOn() {
        var answers = new LostAnswers(0);
        assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-1", null)).isFalse();
    }

    @Test
    void onlyAWritesFirstAttemptLosesItsAnswerSoEveryCallCompletesOnItsRetry() {
        var answers = new LostAnswers(0);
        try (var fault = answers.lose(1.0)) {
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-1", null)).as("first attempt").isTrue();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-1", null)).as("its retry").isFalse();
            assertThat(answers.losesAnswerTo("POST", "DynamoDB_20120810.TransactWriteItems", "call-2", null)).isTrue();
            assertThat(answers.losesAnswerTo("PUT", null, "call-3", null)).as("an S3 put").isTrue();
            assertThat(fault.writes()).isEqualTo(3);
            assertThat(fault.lost()).isEqualTo(3);
        }
        assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-4", null)).as("closed").isFalse();
    }

    @Test
    void readsAndRequestsOfNoSdkCallAlwaysGetTheirAnswer() {
        var answers = new LostAnswers(0);
        try (var fault = answers.lose(1.0)) {
            assertThat(answers.losesAnswerTo("POST", "DynamoDB_20120810.GetItem", "read", null)).isFalse();
            assertThat(answers.losesAnswerTo("POST", "DynamoDB_20120810.Query", "query", null)).isFalse();
            assertThat(answers.losesAnswerTo("GET", null, "s3-read", null)).isFalse();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, null, null)).isFalse();
            assertThat(fault.writes()).isZero();
        }
    }

    @Test
    void aShareIsSpreadEvenlySoThatAShortRunIsHitToo() {
        var answers = new LostAnswers(0);
        try (var fault = answers.lose(0.1)) {
            long lost = IntStream.range(0, 50).filter(i -> answers.losesAnswerTo("POST", PUT_ITEM, "call-" + i, null))
                    .count();
            assertThat(lost).isEqualTo(5);
            assertThat(fault.lost()).isEqualTo(5);
        }
    }

    @Test
    void forgottenTokensAreDroppedFromTransactionsOnlyAndOnlyWhileTheFaultLasts() throws Exception {
        var answers = new LostAnswers(0);
        byte[] transaction = "{\"TransactItems\":[],\"ClientRequestToken\":\"t-1\"}".getBytes(UTF_8);
        byte[] put = "{\"TableName\":\"x\",\"ClientRequestToken\":\"t-1\"}".getBytes(UTF_8);
        String transact = "DynamoDB_20120810.TransactWriteItems";
        assertThat(answers.asSent(transact, null, transaction)).isSameAs(transaction);

        try (var fault = answers.lose(1.0).forgettingTransactionTokens()) {
            assertThat(new String(answers.asSent(transact, null, transaction), UTF_8)).isEqualTo("{\"TransactItems\":[]}");
            assertThat(answers.asSent(PUT_ITEM, null, put)).isSameAs(put);
        }
        assertThat(answers.asSent(transact, null, transaction)).isSameAs(transaction);
    }

    @Test
    void aMarkedFaultLosesTheAnswersOfItsOwnRequestsCallsOnly() throws Exception {
        var answers = new LostAnswers(0);
        String transact = "DynamoDB_20120810.TransactWriteItems";
        byte[] transaction = "{\"TransactItems\":[],\"ClientRequestToken\":\"t-1\"}".getBytes(UTF_8);
        try (var first = answers.loseForMarkedRequests(1.0).forgettingTransactionTokens();
             var second = answers.loseForMarkedRequests(0)) {
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-1", first.mark())).as("its own").isTrue();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-2", second.mark())).as("another's").isFalse();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-3", null)).as("unmarked").isFalse();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-4", "no-such-mark")).isFalse();
            assertThat(answers.asSent(transact, first.mark(), transaction)).isNotEqualTo(transaction);
            assertThat(answers.asSent(transact, second.mark(), transaction)).isSameAs(transaction);
            assertThat(first.lost()).isEqualTo(1);
            assertThat(second.writes()).isZero();
            first.close();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-5", first.mark())).as("closed").isFalse();
        }
    }

    @Test
    void theFaultOnEveryCallStillCoversUnmarkedCallsBesideMarkedOnes() {
        var answers = new LostAnswers(0);
        try (var everyCall = answers.lose(1.0); var marked = answers.loseForMarkedRequests(0)) {
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-1", null)).isTrue();
            assertThat(answers.losesAnswerTo("POST", PUT_ITEM, "call-2", marked.mark())).as("its own fault")
                    .isFalse();
            assertThat(everyCall.lost()).isEqualTo(1);
        }
    }

    @Test
    void aShareOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> new LostAnswers(1.5)).hasMessageContaining(LostAnswers.VARIABLE);
        assertThatThrownBy(() -> new LostAnswers(0).lose(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
