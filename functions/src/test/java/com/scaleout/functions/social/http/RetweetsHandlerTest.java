package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.assertTweet;
import static com.scaleout.functions.social.http.ApiJson.assertUser;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.scaleout.functions.social.domain.Tweet;
import org.junit.jupiter.params.ParameterizedTest;

/** Retweeting (idempotent both ways) and the retweeters list, from the samples of events/social/. */
class RetweetsHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    private long retweetCount(String tweetId) {
        return world.tweets.find(tweetId).map(Tweet::retweets).orElseThrow();
    }

    @ParameterizedTest
    @Event(value = "events/social/post-tweet-retweets.json", type = APIGatewayV2HTTPEvent.class)
    void retweetsOnceAnswering201ThenOnly200(APIGatewayV2HTTPEvent event) {
        var first = ok(world.handle(event), 201);
        var again = ok(world.handle(event), 200);

        assertTweet(first, Seed.BOB_FIRST, Seed.BOB, "bob");
        assertThat(first.get("retweets").asLong()).isEqualTo(1);
        assertThat(again).isEqualTo(first);
        assertThat(retweetCount(Seed.BOB_FIRST)).isEqualTo(1);
    }

    @ParameterizedTest
    @Event(value = "events/social/delete-tweet-retweets.json", type = APIGatewayV2HTTPEvent.class)
    void undoesARetweetIdempotently(APIGatewayV2HTTPEvent event) {
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);
        assertThat(world.handle(event).getStatusCode()).isEqualTo(204);

        assertThat(retweetCount(Seed.ALICE_FIRST)).isEqualTo(1);
    }

    @ParameterizedTest
    @Event(value = "events/social/get-tweet-retweets.json", type = APIGatewayV2HTTPEvent.class)
    void listsRetweetersNewestFirstWithTheCount(APIGatewayV2HTTPEvent event) {
        var first = ok(world.handle(event), 200);

        assertThat(first.get("count").asLong()).isEqualTo(2);
        assertThat(first.get("items")).hasSize(1);
        assertUser(first.get("items").get(0), Seed.CAROL, "carol");
        assertThat(next(first)).isNotNull();

        var second = ok(world.handle(Samples.withCursor(event, next(first))), 200);
        assertThat(second.get("count").asLong()).isEqualTo(2);
        assertUser(second.get("items").get(0), Seed.BOB, "bob");
        assertThat(next(second)).isNull();
    }
}
