package com.scaleout.local.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.local.testing.ProductionApiIT;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code retweetedByMe} and {@code likedByMe} through the local runtime: on every list a tweet shows in, for a
 * caller with a session, public routes included; absent for an anonymous caller; a bad token on a public route 401.
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
        assertThat(anonymousTweet.get("likes").asLong()).isEqualTo(1);
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
}
