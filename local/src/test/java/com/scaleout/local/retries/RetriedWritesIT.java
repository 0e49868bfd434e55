package com.scaleout.local.retries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.local.backends.LostAnswers;
import com.scaleout.local.lambda.FaultMarks;
import com.scaleout.local.testing.ApiClient.Reply;
import com.scaleout.local.testing.OwnStack;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.ScenariosAtOnce;
import com.scaleout.local.testing.SharedBackends;
import java.time.Duration;
import java.util.HashMap;
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
 *
 * <p>Each route's request carries a fault of its own ({@code LostAnswers.loseForMarkedRequests}: only the calls made
 * serving it lose their answers), so the routes run {@value #AT_ONCE} at a time, their set-up and checks under no
 * fault; the reset, which empties the stores, runs once the others are done.
 */
@OwnStack // its own stack: POST /admin/reset, one of the write routes, empties the stores
class RetriedWritesIT extends ProductionApiIT {
    /** Routes under test at once: their checks mostly wait on the streams' folds. */
    private static final int AT_ONCE = 8;

    /** A cold function's first calls can outlast its timeout on a loaded machine: the routes start warm. */
    @BeforeAll
    static void warmUp() {
        await().atMost(Duration.ofMinutes(2)).ignoreExceptions().until(() -> api.signUp(unique("warm")) != null);
    }

    @TestFactory
    Stream<DynamicTest> everyWriteRouteAnswersOnceAndWritesOnceWhenItsWritesAnswersAreLost() {
        return atOnce(" answers once, writes once", RetriedWritesIT::retried);
    }

    /**
     * The same with an Idempotency-Key (whose own claim and completion lose their answers too), then the request sent
     * again with the key, as a client that never got the first answer would: the first answer is replayed, and
     * nothing is written again.
     */
    @TestFactory
    Stream<DynamicTest> everyWriteRouteReplaysItsAnswerToTheSameIdempotencyKeyAndWritesOnce() {
        return atOnce(" replays its answer to the same key", RetriedWritesIT::replayed);
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
                    var stage = new Stage(api, fixture.runtime().dynamoDb());
                    var attempt = write.prepare().apply(stage);
                    Reply reply;
                    try (var fault = lostAnswers().loseForMarkedRequests(lost.getValue())
                            .forgettingTransactionTokens()
                            .timingOut(AwsClients.ATTEMPT_TIMEOUT.plusMillis(300))) {
                        stage.sendingWith(Map.of(FaultMarks.HEADER, fault.mark()));
                        reply = attempt.request().get();
                        stage.sendingWith(Map.of());
                        assertThat(fault.lost()).as("answers lost").isPositive();
                    }
                    assertThat(reply.status()).as(reply.body()).isEqualTo(write.status());
                    attempt.verify().accept(reply);
                }));
    }

    /** A test per write route, the routes run {@value #AT_ONCE} at a time; the reset after all the others. */
    private static Stream<DynamicTest> atOnce(String what, ScenariosAtOnce.Scenario<RouteSpec> scenario) {
        var routes = ScaleoutDeclaration.declaration().routes().stream().filter(RetriedWrites::isWrite).toList();
        var runs = ScenariosAtOnce.start(routes, RetriedWrites::empties, AT_ONCE, scenario);
        return runs.entrySet().stream().map(run -> dynamicTest(run.getKey().routeKey() + what,
                () -> ScenariosAtOnce.outcome(run.getValue())));
    }

    private static void retried(RouteSpec route) throws Exception {
        RetriedWrite write = RetriedWrites.of(route);
        var stage = new Stage(api, fixture.runtime().dynamoDb());
        var attempt = write.prepare().apply(stage);
        Reply reply = underLostAnswers(route, write, stage, attempt, Map.of(), true);
        attempt.verify().accept(reply);
    }

    private static void replayed(RouteSpec route) throws Exception {
        RetriedWrite write = RetriedWrites.of(route);
        var stage = new Stage(api, fixture.runtime().dynamoDb());
        var attempt = write.prepare().apply(stage);
        var key = Map.of("Idempotency-Key", UUID.randomUUID().toString());
        Reply first = underLostAnswers(route, write, stage, attempt, key, false);
        stage.sendingWith(key);
        Reply again = attempt.request().get();
        stage.sendingWith(Map.of());

        assertThat(again.status()).as("the same key again: " + again.body()).isEqualTo(first.status());
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.raw().headers().firstValue("idempotent-replayed")).as("said to be a replay").hasValue("true");
        attempt.verify().accept(first);
    }

    /**
     * The attempt's request sent with {@code headers}, its calls under a fault of its own.
     *
     * @param forgettingTokens whether a retried transaction must be recognised without its ClientRequestToken
     */
    private static Reply underLostAnswers(RouteSpec route, RetriedWrite write, Stage stage,
                                          RetriedWrite.Attempt attempt, Map<String, String> headers,
                                          boolean forgettingTokens) throws Exception {
        Reply reply;
        long lost;
        try (var fault = lostAnswers().loseForMarkedRequests(1.0)) {
            if (forgettingTokens) {
                fault.forgettingTransactionTokens();
            }
            var marked = new HashMap<>(headers);
            marked.put(FaultMarks.HEADER, fault.mark());
            stage.sendingWith(marked);
            try {
                reply = attempt.request().get();
            } finally {
                stage.sendingWith(Map.of());
            }
            lost = fault.lost();
        }
        assertThat(reply.status()).as(route.routeKey() + " answered " + reply.body()).isEqualTo(write.status());
        if (write.writes()) {
            assertThat(lost).as("answers lost: the route's writes went through the fault").isPositive();
        }
        return reply;
    }

    private static LostAnswers lostAnswers() throws java.io.IOException {
        return SharedBackends.get().lostAnswers();
    }
}
