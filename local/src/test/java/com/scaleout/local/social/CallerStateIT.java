package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.social.dynamodb.DynamoLikeStore;
import com.github.f4b6a3.ulid.UlidCreator;
import com.scaleout.functions.social.application.CallerStateCache;
import com.scaleout.local.testing.ProductionApiIT;
import com.scaleout.local.testing.SharedBackends;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code retweetedByMe} and {@code likedByMe} through the local runtime: on every list a tweet shows in, for a
 * caller with a session, public routes included; absent for an anonymous caller; a bad token on a public route 401.
 * A warm page answers them from the caller's copy in Redis ({@code acts:{userId}}), which the like and retweet
 * routes keep up and a read rebuilds from DynamoDB when it is missing.
 */
class CallerStateIT extends ProductionApiIT {
    private static final Duration STREAMS = Duration.ofSeconds(60);

    private static Optional<JsonNode> find(JsonNode page, String tweetId) {
        for (JsonNode tweet : page.get("items")) {
            if (tweet.get("id").asText().equals(tweetId)) {
                return Optional.of(tweet);
            }
        }
        return Optional.empty();
    }

    private static void assertState(JsonNode tweet, boolean retweeted, boolean liked) {
        assertThat(tweet.get("retweetedByMe").asBoolean()).as("retweetedByMe of %s", tweet).isEqualTo(retweeted);
        assertThat(tweet.get("likedByMe").asBoolean()).as("likedByMe of %s", tweet).isEqualTo(liked);
    }

    @Test
    void aRetweetedAndALikedTweetSaySoWhereverTheyShow() {
        String author = unique("csa");
        String authorToken = api.signUp(author);
        String reader = unique("csr");
        String readerToken = api.signUp(reader);
        assertThat(api.put("/me/following/" + author, readerToken).status()).isEqualTo(204);
        String word = "cs" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String retweeted = api.post("/tweets", authorToken, Map.of("text", "retweet me " + word)).text("id");
        String liked = api.post("/tweets", authorToken, Map.of("text", "like me " + word)).text("id");
        assertThat(api.send("POST", "/tweets/" + retweeted + "/retweets", readerToken, null).status()).isEqualTo(201);
        assertThat(api.put("/tweets/" + liked + "/likes/me", readerToken).status()).isEqualTo(200);

        assertState(api.get("/tweets/" + retweeted, readerToken).json(), true, false);
        assertState(api.get("/tweets/" + liked, readerToken).json(), false, true);

        JsonNode mine = api.get("/users/" + author + "/tweets", readerToken).json();
        assertState(find(mine, retweeted).orElseThrow(), true, false);
        assertState(find(mine, liked).orElseThrow(), false, true);

        await().atMost(STREAMS).until(() -> find(api.get("/tweets/recent", readerToken).json(), liked).isPresent());
        JsonNode recent = api.get("/tweets/recent", readerToken).json();
        assertState(find(recent, liked).orElseThrow(), false, true);

        await().atMost(STREAMS).until(() -> find(api.get("/timeline", readerToken).json(), retweeted).isPresent()
                && find(api.get("/timeline", readerToken).json(), liked).isPresent());
        JsonNode timeline = api.get("/timeline", readerToken).json();
        assertState(find(timeline, retweeted).orElseThrow(), true, false);
        assertState(find(timeline, liked).orElseThrow(), false, true);

        await().atMost(STREAMS).until(() -> api.get("/search?q=" + word, readerToken).json().get("items").size() == 2);
        JsonNode found = api.get("/search?q=" + word, readerToken).json();
        assertState(find(found, retweeted).orElseThrow(), true, false);
        assertState(find(found, liked).orElseThrow(), false, true);

        JsonNode anonymous = api.get("/search?q=" + word).json();
        anonymous.get("items").forEach(tweet -> {
            assertThat(tweet.has("retweetedByMe")).isFalse();
            assertThat(tweet.has("likedByMe")).isFalse();
            assertThat(tweet.has("likes")).isTrue();
        });
        JsonNode anonymousTweet = api.get("/tweets/" + liked).json();
        assertThat(anonymousTweet.has("likedByMe")).isFalse();
        await().atMost(STREAMS).until(() -> api.get("/tweets/" + liked).json().get("likes").asLong() == 1); // folded
    }

    @Test
    void aTokenThatIsNoLiveSessionIsRefusedOnAPublicRoute() {
        String token = api.signUp(unique("csl"));
        String tweetId = api.post("/tweets", token, Map.of("text", "read me")).text("id");
        assertThat(api.delete("/sessions/current", token).status()).isEqualTo(204);

        var loggedOut = api.get("/tweets/" + tweetId, token);
        assertThat(loggedOut.status()).isEqualTo(401);
        assertThat(loggedOut.text("message")).contains("log in again");
        assertThat(api.get("/tweets/" + tweetId, "0".repeat(43)).status()).isEqualTo(401);
        assertThat(api.get("/tweets/" + tweetId).status()).as("anonymous still reads").isEqualTo(200);
    }

    private static String actsKey(String userId) {
        return "acts:{" + userId + "}";
    }

    private JsonNode timelineWith(String token, String... tweetIds) {
        await().atMost(STREAMS).until(() -> {
            JsonNode page = api.get("/timeline", token).json();
            return List.of(tweetIds).stream().allMatch(id -> find(page, id).isPresent());
        });
        return api.get("/timeline", token).json();
    }

    /** A new reader (session, id) following a new author, whose tweets they will see. */
    private record Reader(String token, String id, String authorToken) {
        String authorTweets(String text) {
            return api.post("/tweets", authorToken, Map.of("text", text)).text("id");
        }

        void like(String tweetId) {
            assertThat(api.put("/tweets/" + tweetId + "/likes/me", token).status()).isEqualTo(200);
        }
    }

    private static Reader aReaderFollowingAnAuthor() {
        String author = unique("csa");
        String authorToken = api.signUp(author);
        String readerToken = api.signUp(unique("csr"));
        assertThat(api.put("/me/following/" + author, readerToken).status()).isEqualTo(204);
        return new Reader(readerToken, api.get("/me", readerToken).text("id"), authorToken);
    }

    private static JsonNode in(JsonNode page, String tweetId) {
        return find(page, tweetId).orElseThrow();
    }

    @Test
    void aWarmTimelineAnswersFromTheCacheAFlushedOneFromARebuildAndAnUnlikeShowsAtOnce() throws Exception {
        var reader = aReaderFollowingAnAuthor();
        String liked = reader.authorTweets("like me");
        String plain = reader.authorTweets("just read me");
        reader.like(liked);

        JsonNode timeline = timelineWith(reader.token(), liked, plain);
        assertState(in(timeline, liked), false, true);
        assertState(in(timeline, plain), false, false);
        var redis = SharedBackends.redis();
        assertThat(redis.hexists(actsKey(reader.id()), "!")).as("the reader's copy is built").isTrue();

        // A like that only the cache holds: a page that asked DynamoDB for the caller's state would say false.
        redis.hset(actsKey(reader.id()), "l:" + plain, "1");
        assertState(in(api.get("/timeline", reader.token()).json(), plain), false, true);

        SharedBackends.flushRedis();
        timeline = api.get("/timeline", reader.token()).json();
        assertState(in(timeline, liked), false, true);
        assertState(in(timeline, plain), false, false);
        assertThat(redis.hexists(actsKey(reader.id()), "!")).as("rebuilt by the read").isTrue();

        assertThat(api.delete("/tweets/" + liked + "/likes/me", reader.token()).status()).isEqualTo(200);
        assertState(in(api.get("/timeline", reader.token()).json(), liked), false, false);
        assertThat(api.send("POST", "/tweets/" + liked + "/retweets", reader.token(), null).status()).isEqualTo(201);
        assertState(in(api.get("/timeline", reader.token()).json(), liked), true, false);
    }

    /**
     * Past the copy's floor a page asks DynamoDB (Retweets and Likes, one BatchGetItem): the timeline, and the search
     * (SocialSearch's only read of those tables themselves; its copy's rebuild reads their ByUser indexes).
     */
    @Test
    void aReaderWithMoreLikesThanTheCacheHoldsGetsExactAnswers() throws Exception {
        var reader = aReaderFollowingAnAuthor();
        String word = "cf" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String oldLiked = reader.authorTweets("liked long ago " + word);
        String oldNotLiked = reader.authorTweets("never liked " + word);
        reader.like(oldLiked);
        likeOtherTweets(reader.id(), CallerStateCache.CAPACITY + 5); // newer likes than that one, past the copy's size
        SharedBackends.redis().del(actsKey(reader.id())); // the copy is rebuilt from the table as it is now
        String fresh = reader.authorTweets("posted after all those likes " + word);

        JsonNode timeline = timelineWith(reader.token(), oldLiked, oldNotLiked, fresh);
        assertState(in(timeline, oldLiked), false, true);
        assertState(in(timeline, oldNotLiked), false, false);
        assertState(in(timeline, fresh), false, false);
        assertThat(SharedBackends.redis().hget(actsKey(reader.id()), "!")).as("the copy is partial: a like floor")
                .matches("\\|[0-9A-Z]{26}");

        String search = "/search?q=" + word;
        await().atMost(STREAMS).until(() -> api.get(search, reader.token()).json().get("items").size() == 3);
        JsonNode found = api.get(search, reader.token()).json();
        assertState(in(found, oldLiked), false, true);
        assertState(in(found, oldNotLiked), false, false);
        assertState(in(found, fresh), false, false);

        assertThat(api.delete("/tweets/" + oldLiked + "/likes/me", reader.token()).status()).isEqualTo(200);
        assertState(in(api.get("/timeline", reader.token()).json(), oldLiked), false, false);
    }

    /** Like rows for made-up tweets, written straight to the table (the routes would take a thousand calls). */
    private static void likeOtherTweets(String userId, int count) {
        var dynamoDb = fixture.runtime().dynamoDb();
        var rows = new ArrayList<WriteRequest>();
        for (int i = 0; i < count; i++) {
            String likeId = UlidCreator.getMonotonicUlid().toString();
            String tweetId = UlidCreator.getMonotonicUlid().toString();
            rows.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
                    "bucket", AttributeValue.fromS(DynamoLikeStore.bucketOf(tweetId, userId)),
                    "tweetId", AttributeValue.fromS(tweetId),
                    "userId", AttributeValue.fromS(userId),
                    "likeId", AttributeValue.fromS(likeId),
                    "createdAt", AttributeValue.fromS(Instant.now().toString()))).build()).build());
        }
        for (int from = 0; from < rows.size(); from += 25) {
            var batch = rows.subList(from, Math.min(rows.size(), from + 25));
            var unprocessed = dynamoDb.batchWriteItem(b -> b.requestItems(Map.of("Likes", batch))).unprocessedItems();
            assertThat(unprocessed).as("moto writes every item of a batch").isEmpty();
        }
    }
}
