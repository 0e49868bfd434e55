package com.scaleout.functions.social.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.shared.counters.WatermarkFold;
import com.scaleout.functions.social.dynamodb.SocialCountLog;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

class CountFoldHandlerTest {
    private static final String STAR = "01M8N0STAR00000000000000AA";
    private static final String VIRAL_TWEET = "01M8N0VIRA00000000000000TW";
    private final Accounts accounts = new Accounts();
    private final CountFoldHandler handler = new CountFoldHandler(CountFoldHandler.byCounter(counter -> accounts));

    @ParameterizedTest
    @Event(value = "events/social/count-log-stream.json", type = DynamodbEvent.class)
    void eachTargetsChangesOfABatchMoveItsCountOnceAndNotTheExpiriesOrAnythingElse(DynamodbEvent event) {
        accounts.counts.put(STAR, new HashMap<>(Map.of("followers", 10L)));
        accounts.counts.put(VIRAL_TWEET, new HashMap<>(Map.of("likes", 4L)));

        var answer = handler.handleRequest(event, null);

        assertThat(answer.getBatchItemFailures()).isEmpty();
        assertThat(accounts.counts.get(STAR)).as("+1 +1 -1; the record without a delta skipped")
                .containsExactly(Map.entry("followers", 11L));
        assertThat(accounts.counts.get(VIRAL_TWEET)).as("a like, to the tweet's likes attribute")
                .containsExactly(Map.entry("likes", 5L));
        assertThat(accounts.updates).as("one update per target").isEqualTo(2);
        assertThat(accounts.watermarks.get(STAR)).containsOnlyKeys(3, 7);
    }

    @ParameterizedTest
    @Event(value = "events/social/count-log-stream.json", type = DynamodbEvent.class)
    void theSameBatchDeliveredAgainCountsNothing(DynamodbEvent event) {
        accounts.counts.put(STAR, new HashMap<>(Map.of("followers", 0L)));

        handler.handleRequest(event, null);
        handler.handleRequest(event, null);

        assertThat(accounts.counts.get(STAR)).containsExactly(Map.entry("followers", 1L));
    }

    @Test
    void aBucketKeyIsItsCounterItsTargetAndOneDigit() {
        var change = SocialCountLog.change("CountLog", SocialCountLog.FOLLOWERS, "u1", "fan", 1,
                java.time.Instant.EPOCH).put().item().get(SocialCountLog.BUCKET).s();
        assertThat(SocialCountLog.parse(change)).hasValueSatisfying(bucket -> {
            assertThat(bucket.counter()).isEqualTo("followers");
            assertThat(bucket.targetId()).isEqualTo("u1");
        });
        assertThat(SocialCountLog.parse("followers:u1#12")).isEmpty();
        assertThat(SocialCountLog.parse("followers:#1")).isEmpty();
        assertThat(SocialCountLog.parse("u1#1")).isEmpty();
        assertThat(SocialCountLog.parse(null)).isEmpty();
    }

    /**
     * Found in review: the change's id was the request's (a like's row id, an unfollow's new id), which a request run
     * again under its Idempotency-Key draws the same; after an undo in between, the rerun's put overwrote the first
     * run's log item, a MODIFY the fold does not count, and the count was lost for good. Each change is now an item of
     * its own whatever the request's ids.
     */
    @Test
    void aChangeMadeAgainByARerunRequestIsANewItemOfTheLog() {
        byte[] seed = "the idempotency key's secret".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.util.function.Supplier<String> firstChangeOfARun = () -> com.scaleout.functions.shared.ids.RequestIds
                .during(java.time.Instant.EPOCH, seed, () -> SocialCountLog.change("CountLog", SocialCountLog.LIKES,
                        "t1", "fan", 1, java.time.Instant.EPOCH).put().item().get("changeId").s());

        assertThat(firstChangeOfARun.get()).as("the first run's change and the rerun's")
                .isNotEqualTo(firstChangeOfARun.get());
    }

    /** Counts by target in memory, conditional as the DynamoDB update is; deltas under the attributes' names. */
    private static final class Accounts implements WatermarkFold.Tallies {
        final Map<String, Map<String, Long>> counts = new HashMap<>();
        final Map<String, Map<Integer, BigInteger>> watermarks = new HashMap<>();
        int updates;

        @Override
        public Optional<Map<Integer, BigInteger>> watermarks(String userId) {
            return counts.containsKey(userId)
                    ? Optional.of(new TreeMap<>(watermarks.getOrDefault(userId, Map.of()))) : Optional.empty();
        }

        @Override
        public boolean add(String userId, Map<String, Long> deltas, Map<Integer, BigInteger> seen,
                           Map<Integer, BigInteger> upTo) {
            var held = watermarks.computeIfAbsent(userId, id -> new TreeMap<>());
            for (Integer bucket : upTo.keySet()) {
                if (!java.util.Objects.equals(seen.get(bucket), held.get(bucket))) {
                    return false;
                }
            }
            deltas.forEach((attribute, delta) -> counts.get(userId).merge(attribute, delta, Long::sum));
            held.putAll(upTo);
            updates++;
            return true;
        }
    }
}
