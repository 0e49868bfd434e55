package com.scaleout.local.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.testing.ApiClient;
import com.scaleout.local.testing.RuntimeFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A poison record in a stream batch (issue 11), through the real consumers of the Tweets stream: an item written
 * straight to the table that no consumer can make a tweet of sits in the middle of a batch of real tweets. The
 * tweets around it reach the hashtag list, the search index and the follower's timeline; the poison record goes to
 * each consumer's on-failure record after its retry limit; and later tweets are processed: the shard moved on.
 * The consumers gather for a few seconds (a batching window) so that the whole batch is delivered as one, and
 * retry {@value #RETRY_ATTEMPTS} times instead of the production declaration's ten: two prove the retry path as ten
 * do, without waiting out ten back-offs (over a minute). The production value reaches the template through the
 * same mapping, which the CDK tests check.
 */
class PoisonStreamRecordIT {
    private static final int WINDOW_SECONDS = 4;
    private static final int RETRY_ATTEMPTS = 2;
    /** The poison record's retries, backing off, on a busy machine: generous. */
    private static final Duration RETRIES_EXHAUSTED = Duration.ofSeconds(180);
    private static RuntimeFixture fixture;
    private static ApiClient api;

    @BeforeAll
    static void start() throws Exception {
        fixture = RuntimeFixture.start(StreamFaults.withTweetConsumers(
                c -> c.batchingWindowSeconds(WINDOW_SECONDS).retryAttempts(RETRY_ATTEMPTS)));
        api = new ApiClient(fixture.runtime().url());
        // a cold stack's first sign-up and login can outlast the function timeout on a loaded 2-core machine
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                .until(() -> api.signUp("poisonwarm" + UUID.randomUUID().toString().substring(0, 5)) != null);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void thePoisonRecordGoesToTheOnFailureRecordWhileTheRestOfItsBatchAndLaterOnesAreProcessed() {
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        String author = "poisona" + suffix;
        String follower = "poisonb" + suffix;
        String authorToken = api.signUp(author);
        String followerToken = api.signUp(follower);
        assertThat(api.put("/me/following/" + author, followerToken).status()).isEqualTo(204);
        String tag = "batch" + suffix;

        var batch = new ArrayList<String>();
        batch.add(tweet(authorToken, "before the poison #" + tag));
        batch.add(tweet(authorToken, "also before #" + tag));
        // an item no consumer can make a tweet of: an id and nothing else (no author, text or time)
        String poison = "poison-" + suffix;
        fixture.runtime().dynamoDb().putItem(put -> put.tableName("Tweets")
                .item(Map.of("id", AttributeValue.fromS(poison))));
        batch.add(tweet(authorToken, "after the poison #" + tag));
        batch.add(tweet(authorToken, "also after #" + tag));

        // the records after the poison wait behind its retries, backing off
        await().atMost(RETRIES_EXHAUSTED).untilAsserted(() -> {
            assertThat(ids(api.get("/hashtags/" + tag + "/tweets"))).containsExactlyInAnyOrderElementsOf(batch);
            assertThat(ids(api.get("/search?q=%23" + tag))).containsExactlyInAnyOrderElementsOf(batch);
            assertThat(ids(api.get("/timeline", followerToken))).containsAll(batch);
        });
        await().atMost(RETRIES_EXHAUSTED).untilAsserted(() -> {
            for (String function : StreamFaults.TWEET_CONSUMERS) {
                assertThat(poisonRecords(function, poison)).as(function).hasSize(1);
            }
        });
        for (String function : StreamFaults.TWEET_CONSUMERS) {
            JsonNode sent = poisonRecords(function, poison).getFirst();
            assertThat(sent.at("/requestContext/condition").asText()).isEqualTo("RetryAttemptsExhausted");
            assertThat(sent.at("/requestContext/approximateInvokeCount").asInt()).isEqualTo(RETRY_ATTEMPTS + 1);
            assertThat(sent.at("/DDBStreamBatchInfo/batchSize").asInt()).as("the poison record alone").isEqualTo(1);
        }

        String later = tweet(authorToken, "after the batch #" + tag);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(ids(api.get("/hashtags/" + tag + "/tweets"))).contains(later);
            assertThat(ids(api.get("/search?q=%23" + tag))).contains(later);
            assertThat(ids(api.get("/timeline", followerToken))).contains(later);
        });
        for (String function : StreamFaults.TWEET_CONSUMERS) {
            assertThat(poisonRecords(function, poison)).as("sent once, not again").hasSize(1);
            assertThat(StreamFaults.onFailureRecords(fixture.runtime(), StreamFaults.consumerId(function)))
                    .as("only the poison record failed").hasSize(1);
        }
    }

    private static String tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    private static List<JsonNode> poisonRecords(String function, String poisonId) {
        return StreamFaults.onFailureRecords(fixture.runtime(), StreamFaults.consumerId(function)).stream()
                .filter(line -> line.at("/records/0/keys/id").asText().equals(poisonId)).toList();
    }

    private static List<String> ids(ApiClient.Reply page) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        var ids = new ArrayList<String>();
        page.json().get("items").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }
}
