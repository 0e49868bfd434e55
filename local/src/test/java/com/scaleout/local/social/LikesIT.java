package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Likes through the local runtime: idempotence, lists, the count equal to the rows under concurrency, deletion. */
class LikesIT extends ProductionApiIT {
    private static final Duration STREAMS = Duration.ofSeconds(60);

    private static String tweet(String token, String text) {
        var reply = api.post("/tweets", token, Map.of("text", text));
        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        return reply.text("id");
    }

    /** Every item of a list, following its cursors: the value of {@code field} of each. */
    private static List<String> all(String path, String field) {
        var values = new ArrayList<String>();
        String cursor = null;
        do {
            JsonNode page = api.get(path + "?limit=7" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("items").forEach(item -> values.add(item.get(field).asText()));
            cursor = page.get("next").isNull() ? null : page.get("next").asText();
        } while (cursor != null);
        return values;
    }

    private static long likes(String tweetId) {
        return api.get("/tweets/" + tweetId).json().get("likes").asLong();
    }

    /**
     * A like count is folded from the count log's stream moments after the like: it must reach {@code expected} and
     * stay there (a change counted twice would show within 3 s).
     */
    private static void awaitLikes(String tweetId, long expected) {
        await().atMost(Duration.ofSeconds(60)).until(() -> likes(tweetId) == expected);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(likes(tweetId)).isEqualTo(expected));
    }

    @Test
    void likingIsIdempotentAndTheListsAreNewestLikeFirst() {
        String author = unique("lka");
        String authorToken = api.signUp(author);
        String first = unique("lk1");
        String firstToken = api.signUp(first);
        String second = unique("lk2");
        String secondToken = api.signUp(second);
        String older = tweet(authorToken, "an older tweet");
        String newer = tweet(authorToken, "a newer tweet");

        var liked = api.put("/tweets/" + older + "/likes/me", firstToken);
        assertThat(liked.status()).isEqualTo(200);
        assertThat(liked.json().get("likes").asLong()).as("the count read before, and this like").isEqualTo(1);
        assertThat(liked.json().get("likedByMe").asBoolean()).isTrue();
        awaitLikes(older, 1);
        assertThat(api.put("/tweets/" + older + "/likes/me", firstToken).json().get("likes").asLong())
                .as("liking again changes nothing").isEqualTo(1);
        assertThat(api.put("/tweets/" + older + "/likes/me", secondToken).status()).isEqualTo(200);
        assertThat(api.put("/tweets/" + newer + "/likes/me", firstToken).status()).isEqualTo(200);

        awaitLikes(older, 2);
        var likers = api.get("/tweets/" + older + "/likes").json();
        assertThat(likers.get("count").asLong()).isEqualTo(2);
        assertThat(all("/tweets/" + older + "/likes", "username")).containsExactly(second, first);
        assertThat(all("/users/" + first + "/likes", "id")).as("newest like first").containsExactly(newer, older);

        var unliked = api.delete("/tweets/" + older + "/likes/me", firstToken);
        assertThat(unliked.status()).isEqualTo(200);
        assertThat(unliked.json().get("likedByMe").asBoolean()).isFalse();
        assertThat(unliked.json().get("likes").asLong()).as("the count read before, less this like").isEqualTo(1);
        awaitLikes(older, 1);
        assertThat(api.delete("/tweets/" + older + "/likes/me", firstToken).json().get("likes").asLong())
                .as("unliking again changes nothing").isEqualTo(1);
        assertThat(all("/users/" + first + "/likes", "id")).containsExactly(newer);
    }

    @Test
    void anUnknownTweetIs404AndAnAnonymousLikeIs401() {
        String token = api.signUp(unique("lkn"));
        String unknown = "01M8MRGYS0ZZZZZZZZZZZZZZZZ";

        assertThat(api.put("/tweets/" + unknown + "/likes/me", token).status()).isEqualTo(404);
        assertThat(api.delete("/tweets/" + unknown + "/likes/me", token).status()).isEqualTo(404);
        assertThat(api.get("/tweets/" + unknown + "/likes").status()).isEqualTo(404);
        assertThat(api.get("/users/" + unique("nobody") + "/likes").status()).isEqualTo(404);
        assertThat(api.put("/tweets/" + unknown + "/likes/me", null).status()).isEqualTo(401);
    }

    @Test
    void manyConcurrentLikesAndUnlikesOfOneTweetLeaveTheCountEqualToTheRows() throws Exception {
        String author = unique("lkc");
        String tweetId = tweet(api.signUp(author), "liked and unliked at once");
        var tokens = new ArrayList<String>();
        for (int i = 0; i < 20; i++) {
            tokens.add(api.signUp(unique("lc" + i + "_")));
        }

        var calls = new ArrayList<Callable<Integer>>();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < tokens.size(); i++) {
                String token = tokens.get(i);
                String method = (i + round) % 3 == 0 ? "DELETE" : "PUT";
                calls.add(() -> ConcurrentWrites.asToldByRetryAfter(api, method, "/tweets/" + tweetId + "/likes/me", token));
            }
        }
        assertThat(ConcurrentWrites.runAll(calls)).containsOnly(200);

        List<String> rows = all("/tweets/" + tweetId + "/likes", "username");
        assertThat(rows).doesNotHaveDuplicates();
        awaitLikes(tweetId, rows.size()); // count == rows, once folded
        assertThat(api.get("/tweets/" + tweetId + "/likes").json().get("count").asLong()).isEqualTo(rows.size());
    }

    @Test
    void aDeletedTweetsLikeRowsGoWithIt() {
        String authorToken = api.signUp(unique("lkd"));
        String fan = unique("lkf");
        String fanToken = api.signUp(fan);
        String tweetId = tweet(authorToken, "liked, then deleted");
        assertThat(api.put("/tweets/" + tweetId + "/likes/me", fanToken).status()).isEqualTo(200);

        assertThat(api.delete("/tweets/" + tweetId, authorToken).status()).isEqualTo(204);

        assertThat(api.get("/tweets/" + tweetId + "/likes").status()).isEqualTo(404);
        assertThat(all("/users/" + fan + "/likes", "id")).as("left out at once").isEmpty();
        var dynamoDb = fixture.runtime().dynamoDb();
        // the rows are under ten buckets: a test may scan (every page: the shared stack's table is not small)
        await().atMost(STREAMS).until(() -> dynamoDb.scanPaginator(q -> q.tableName("Likes").consistentRead(true)
                .filterExpression("tweetId = :t")
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromS(tweetId)))).items().stream()
                .findAny().isEmpty());
    }
}
