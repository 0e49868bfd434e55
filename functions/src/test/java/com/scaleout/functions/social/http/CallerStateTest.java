package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.body;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code retweetedByMe} and {@code likedByMe}: on every tweet view of a caller with a session, public routes
 * included (the token resolved by the handler), read once per page; absent for an anonymous caller; a bad token on a
 * public route is refused with 401.
 */
class CallerStateTest {
    private final SocialWorld world = SocialWorld.seeded();

    private static Map<String, JsonNode> byId(JsonNode page) {
        var tweets = new HashMap<String, JsonNode>();
        page.get("items").forEach(tweet -> tweets.put(tweet.get("id").asText(), tweet));
        return tweets;
    }

    @Test
    void aPublicRouteWithATokenSaysWhatTheCallerDid() {
        var tweet = ok(world.handle(Samples.http("get-tweet-with-token")), 200);

        assertThat(tweet.get("retweetedByMe").asBoolean()).as("bob retweeted alice's first tweet").isTrue();
        assertThat(tweet.get("likedByMe").asBoolean()).as("bob liked it").isTrue();
    }

    @Test
    void anAnonymousCallerGetsNeitherField() {
        var tweet = ok(world.handle(Samples.http("get-tweet")), 200);

        assertThat(tweet.has("retweetedByMe")).isFalse();
        assertThat(tweet.has("likedByMe")).isFalse();
        assertThat(world.callerStates.reads()).as("no look-up for nobody").isZero();
    }

    @Test
    void anUnknownTokenOnAPublicRouteIs401() {
        var response = world.handle(Samples.http("get-tweet-unknown-token"));

        assertThat(response.getStatusCode()).isEqualTo(401);
        assertThat(body(response).get("message").asText()).contains("log in again");
    }

    @Test
    void aHeaderWithoutTheBearerSchemeOnAPublicRouteIs401() {
        var event = Samples.http("get-tweet");
        var headers = new HashMap<>(event.getHeaders());
        headers.put("authorization", "Basic " + Seed.BOB_TOKEN);
        event.setHeaders(headers);

        assertThat(world.handle(event).getStatusCode()).isEqualTo(401);
    }

    @Test
    void aPageIsReadInOneLookUpWhateverItsLength() {
        var page = ok(world.handle(Samples.withToken(Samples.http("get-tweets-recent"), Seed.BOB_TOKEN)), 200);
        var tweets = byId(page);

        assertThat(tweets).hasSizeGreaterThan(2);
        assertThat(world.callerStates.reads()).isEqualTo(1);
        assertThat(tweets.get(Seed.ALICE_FIRST).get("retweetedByMe").asBoolean()).isTrue();
        assertThat(tweets.get(Seed.ALICE_FIRST).get("likedByMe").asBoolean()).isTrue();
        assertThat(tweets.get(Seed.ALICE_REPLY).get("retweetedByMe").asBoolean()).isFalse();
        assertThat(tweets.get(Seed.ALICE_REPLY).get("likedByMe").asBoolean()).isTrue();
        assertThat(tweets.get(Seed.BOB_FIRST).get("likedByMe").asBoolean()).isFalse();
    }

    @Test
    void theTimelineSaysWhatTheCallerDid() {
        var page = ok(world.handle(Samples.as(Samples.http("get-timeline"), Seed.BOB, "bob", Seed.BOB_TOKEN)), 200);
        var tweets = byId(page);

        assertThat(tweets.get(Seed.ALICE_FIRST).get("retweetedByMe").asBoolean()).isTrue();
        assertThat(tweets.get(Seed.ALICE_FIRST).get("likedByMe").asBoolean()).isTrue();
        assertThat(world.callerStates.reads()).isEqualTo(1);
    }

    @Test
    void searchSaysWhatTheCallerDid() {
        var page = ok(world.handle(Samples.withToken(Samples.http("get-search"), Seed.CAROL_TOKEN)), 200);

        assertThat(page.get("items")).isNotEmpty();
        page.get("items").forEach(tweet -> {
            assertThat(tweet.has("retweetedByMe")).isTrue();
            boolean carolsTouch = tweet.get("id").asText().equals(Seed.ALICE_FIRST);
            assertThat(tweet.get("likedByMe").asBoolean()).isEqualTo(carolsTouch);
        });
    }

    @Test
    void aNewTweetIsAnsweredNeitherRetweetedNorLiked() {
        var tweet = ok(world.handle(Samples.http("post-tweets")), 201);

        assertThat(tweet.get("retweetedByMe").asBoolean()).isFalse();
        assertThat(tweet.get("likedByMe").asBoolean()).isFalse();
        assertThat(tweet.get("likes").asLong()).isZero();
    }
}
