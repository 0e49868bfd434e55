package com.scaleout.local.retries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.OwnStack;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 21: a retry never duplicates and never lies. Every write route of the declaration (a test each, generated)
 * runs with the first answer of every DynamoDB and S3 write lost after the write was applied ({@code LostAnswers} in
 * the local gateway's DynamoDB gate), so each of its writes is sent twice by the SDK and applied at the first: the
 * route still answers its normal success, once, stores one item and moves each counter once ({@link RetriedWrites}),
 * and without the transactions' ClientRequestTokens, which the code must not depend on alone.
 */
@OwnStack // its own stack: POST /admin/reset, one of the write routes, empties the stores
class RetriedWritesIT extends ProductionApiIT {

    /** A cold function's first calls can outlast its timeout on a loaded machine: the routes start warm. */
    @BeforeAll
    static void warmUp() {
        await().atMost(Duration.ofMinutes(2)).ignoreExceptions().until(() -> api.signUp(unique("warm")) != null);
    }

    @TestFactory
    Stream<DynamicTest> everyWriteRouteAnswersOnceAndWritesOnceWhenItsWritesAnswersAreLost() {
        return ScaleoutDeclaration.declaration().routes().stream()
                .filter(RetriedWrites::isWrite)
                .sorted(Comparator.comparing(RetriedWrites::empties))
                .map(route -> dynamicTest(route.routeKey() + " answers once, writes once", () -> retried(route)));
    }

    /**
     * The same with an Idempotency-Key (whose own claim and completion lose their answers too), then the request sent
     * again with the key, as a client that never got the first answer would: the first answer is replayed, and
     * nothing is written again.
     */
    @TestFactory
    Stream<DynamicTest> everyWriteRouteReplaysItsAnswerToTheSameIdempotencyKeyAndWritesOnce() {
        return ScaleoutDeclaration.declaration().routes().stream()
                .filter(RetriedWrites::isWrite)
                .sorted(Comparator.comparing(RetriedWrites::empties))
                .map(route -> dynamicTest(route.routeKey() + " replays its answer to the same key",
                        () -> replayed(route)));
    }

    /**
     * The loss as the issue saw it under load: the answer held past the SDK's attempt timeout, so the SDK gives up on
     * the attempt and resends the call, which finds its own write (no token to cover it). POST /tweets' transaction;
     * POST /albums with every second write's answer lost, which is its item's PutItem (between the image's upload
     * and its claim): the two routes that answered 500 for stored writes.
     */
    @TestFactory
    Stream<DynamicTest> theWritesSeenAnswering500ForTheirOwnRetryAnswerOnceWhenTheirAnswerTimesOut() {
        var routes = ScaleoutDeclaration.declaration().routesByKey();
        return Stream.of(Map.entry("POST /tweets", 1.0), Map.entry("POST /albums", 0.5)).map(lost ->
                dynamicTest(lost.getKey() + " answers once after a timed-out attempt", () -> {
                    RouteSpec route = routes.get(lost.getKey());
                    RetriedWrite write = RetriedWrites.of(route);
                    var attempt = write.prepare().apply(new Stage(api, fixture.runtime().dynamoDb()));
                    Reply reply;
                    try (var fault = SharedBackends.get().lostAnswers().lose(lost.getValue())
                            .forgettingTransactionTokens()
                            .timingOut(AwsClients.ATTEMPT_TIMEOUT.plusMillis(300))) {
                        reply = attempt.request().get();
                        assertThat(fault.lost()).as("answers lost").isPositive();
                    }
                    assertThat(reply.status()).as(reply.body()).isEqualTo(write.status());
                    attempt.verify().accept(reply);
                }));
    }

    private static void retried(RouteSpec route) throws Exception {
        RetriedWrite write = RetriedWrites.of(route);
        var stage = new Stage(api, fixture.runtime().dynamoDb());
        var attempt = write.prepare().apply(stage);
        Reply reply = underLostAnswers(route, write, attempt, true);
        attempt.verify().accept(reply);
    }

    private static void replayed(RouteSpec route) throws Exception {
        RetriedWrite write = RetriedWrites.of(route);
        var stage = new Stage(api, fixture.runtime().dynamoDb());
        var attempt = write.prepare().apply(stage);
        stage.sendingWith(Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        Reply first = underLostAnswers(route, write, attempt, false);
        Reply again = attempt.request().get();
        stage.sendingWith(Map.of());

        assertThat(again.status()).as("the same key again: " + again.body()).isEqualTo(first.status());
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.raw().headers().firstValue("idempotent-replayed")).as("said to be a replay").hasValue("true");
        attempt.verify().accept(first);
    }

    /** @param forgettingTokens whether a retried transaction must be recognised without its ClientRequestToken */
    private static Reply underLostAnswers(RouteSpec route, RetriedWrite write, RetriedWrite.Attempt attempt,
                                          boolean forgettingTokens) throws Exception {
        Reply reply;
        long lost;
        try (var fault = SharedBackends.get().lostAnswers().lose(1.0)) {
            if (forgettingTokens) {
                fault.forgettingTransactionTokens();
            }
            reply = attempt.request().get();
            lost = fault.lost();
        }
        assertThat(reply.status()).as(route.routeKey() + " answered " + reply.body()).isEqualTo(write.status());
        if (write.writes()) {
            assertThat(lost).as("answers lost: the route's writes went through the fault").isPositive();
        }
        return reply;
    }
}
