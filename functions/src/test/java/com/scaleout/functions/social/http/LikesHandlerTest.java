package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.assertTweet;
import static com.scaleout.functions.social.http.ApiJson.assertUser;
import static com.scaleout.functions.social.http.ApiJson.itemIds;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.social.domain.Tweet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/** Liking (idempotent both ways), the likers of a tweet and a user's likes, from the samples of events/social/. */
class LikesHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    private long likeCount(String tweetId) {
        return world.tweets.find(tweetId).map(Tweet::likes).orElseThrow();
    }

    @ParameterizedTest
    @Event(value = "events/social/put-tweet-likes-me.json", type = APIGatewayV2HTTPEvent.class)
    void likesOnceAnsweringTheTweetLikedByTheCaller(APIGatewayV2HTTPEvent event) {
        var first = ok(world.handle(event), 200);
        var again = ok(world.handle(event), 200);

        assertTweet(first, Seed.ALICE_FIRST, Seed.ALICE, "alice");
        assertThat(first.get("likes").asLong()).as("bob's, carol's and now alice's").isEqualTo(3);
        assertThat(first.get("likedByMe").asBoolean()).isTrue();
        assertThat(first.get("retweetedByMe").asBoolean()).as("alice never retweeted her own tweet").isFalse();
        assertThat(again).isEqualTo(first);
        assertThat(likeCount(Seed.ALICE_FIRST)).isEqualTo(3);
    }

    @ParameterizedTest
    @Event(value = "events/social/delete-tweet-likes-me.json", type = APIGatewayV2HTTPEvent.class)
    void unlikesIdempotentlyAnsweringTheTweet(APIGatewayV2HTTPEvent event) {
        var bobs = Samples.as(event, Seed.BOB, "bob", Seed.BOB_TOKEN);
        var first = ok(world.handle(bobs), 200);
        var again = ok(world.handle(bobs), 200);

        assertThat(first.get("likes").asLong()).isEqualTo(1);
        assertThat(first.get("likedByMe").asBoolean()).isFalse();
        assertThat(first.get("retweetedByMe").asBoolean()).as("bob retweeted it").isTrue();
        assertThat(again).isEqualTo(first);
        assertThat(likeCount(Seed.ALICE_FIRST)).isEqualTo(1);
    }

    @ParameterizedTest
    @Event(value = "events/social/get-tweet-likes.json", type = APIGatewayV2HTTPEvent.class)
    void listsLikersNewestFirstWithTheCount(APIGatewayV2HTTPEvent event) {
        var first = ok(world.handle(event), 200);

        assertThat(first.get("count").asLong()).isEqualTo(2);
        assertThat(first.get("items")).hasSize(1);
        assertUser(first.get("items").get(0), Seed.CAROL, "carol");
        assertThat(next(first)).isNotNull();

        var second = ok(world.handle(Samples.withCursor(event, next(first))), 200);
        assertUser(second.get("items").get(0), Seed.BOB, "bob");
        assertThat(next(second)).isNull();
    }

    @ParameterizedTest
    @Event(value = "events/social/get-user-likes.json", type = APIGatewayV2HTTPEvent.class)
    void listsAUsersLikedTweetsNewestLikeFirst(APIGatewayV2HTTPEvent event) {
        var page = ok(world.handle(event), 200);

        // bob liked alice's first tweet, then her (older than the like, newer than the tweet) reply
        assertThat(itemIds(page)).containsExactly(Seed.ALICE_REPLY, Seed.ALICE_FIRST);
        assertThat(page.get("items").get(0).has("likedByMe")).as("anonymous").isFalse();
    }

    @Test
    void aDeletedTweetCannotBeUnlikedAndAnswers404() {
        var event = Samples.http("delete-tweet-likes-me");
        ok(world.handle(Samples.http("put-tweet-likes-me")), 200);
        world.tweets.delete(world.tweets.find(Seed.ALICE_FIRST).orElseThrow());

        assertThat(world.handle(event).getStatusCode()).isEqualTo(404);
    }
}
