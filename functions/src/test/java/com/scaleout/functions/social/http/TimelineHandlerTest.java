package com.scaleout.functions.social.http;

import static com.scaleout.functions.social.http.ApiJson.assertTweet;
import static com.scaleout.functions.social.http.ApiJson.assertUser;
import static com.scaleout.functions.social.http.ApiJson.itemIds;
import static com.scaleout.functions.social.http.ApiJson.next;
import static com.scaleout.functions.social.http.ApiJson.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.annotations.Event;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;

/** The home timeline and "you might like", from the samples of events/social/ (bad ones: BadInputSamplesTest). */
class TimelineHandlerTest {
    private final SocialWorld world = SocialWorld.seeded();

    private static List<String> fieldNames(JsonNode node) {
        var names = new ArrayList<String>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @ParameterizedTest
    @Event(value = "events/social/get-timeline.json", type = APIGatewayV2HTTPEvent.class)
    void showsOwnFolloweesAndMentioningTweetsNewestFirstEachTweetOnce(APIGatewayV2HTTPEvent event) {
        var page = ok(world.handle(event), 200);

        // bob's retweet of alice's first is newer than all of them: her first shows there, and not again at its time
        assertThat(itemIds(page)).containsExactly(Seed.ALICE_FIRST, Seed.ALICE_SECOND, Seed.ALICE_REPLY,
                Seed.BOB_FIRST);
        page.get("items").forEach(ApiJson::assertTweetShape);
        assertTweet(page.get("items").get(3), Seed.BOB_FIRST, Seed.BOB, "bob");
        assertThat(next(page)).isNull();
    }

    @ParameterizedTest
    @Event(value = "events/social/get-timeline.json", type = APIGatewayV2HTTPEvent.class)
    void namesTheRetweeterOnlyOnLinesARetweetPutThere(APIGatewayV2HTTPEvent event) {
        var items = ok(world.handle(event), 200).get("items");

        JsonNode retweeted = items.get(0);
        assertTweet(retweeted, Seed.ALICE_FIRST, Seed.ALICE, "alice");
        assertThat(fieldNames(retweeted.get("retweetedBy"))).containsExactly("id", "username");
        assertThat(retweeted.get("retweetedBy").get("id").asText()).isEqualTo(Seed.BOB);
        assertThat(retweeted.get("retweetedBy").get("username").asText()).isEqualTo("bob");
        for (int i = 1; i < items.size(); i++) {
            assertThat(items.get(i).has("retweetedBy")).as("retweetedBy of %s", items.get(i)).isFalse();
        }
    }

    @ParameterizedTest
    @Event(value = "events/social/get-timeline.json", type = APIGatewayV2HTTPEvent.class)
    void pagesByTheCursorItReturns(APIGatewayV2HTTPEvent event) {
        event.setQueryStringParameters(Map.of("limit", "2"));

        var first = ok(world.handle(event), 200);
        var second = ok(world.handle(Samples.withCursor(event, next(first))), 200);

        assertThat(itemIds(first)).containsExactly(Seed.ALICE_FIRST, Seed.ALICE_SECOND);
        assertThat(itemIds(second)).containsExactly(Seed.ALICE_REPLY, Seed.BOB_FIRST);
    }

    @ParameterizedTest
    @Event(value = "events/social/post-tweets.json", type = APIGatewayV2HTTPEvent.class)
    void showsAFolloweesNewTweetOnceTheStreamsHaveFannedItOut(APIGatewayV2HTTPEvent event) {
        world.warmTimelines();
        String posted = ok(world.handle(event), 201).get("id").asText();
        var bobsTimeline = Samples.as(Samples.http("get-timeline"), Seed.BOB, "bob", Seed.BOB_TOKEN);

        world.deliverStreams();

        var page = ok(world.handle(bobsTimeline), 200);
        assertTweet(page.get("items").get(0), posted, Seed.ALICE, "alice");
        assertThat(world.cachedTimeline(Seed.BOB).orElseThrow()).anyMatch(e -> e.tweetId().equals(posted));
    }

    @ParameterizedTest
    @Event(value = "events/social/get-me-recommendations.json", type = APIGatewayV2HTTPEvent.class)
    void recommendsWhomTheCallersFolloweesFollowWithTheMutualCount(APIGatewayV2HTTPEvent event) {
        // carol follows alice, who follows bob
        var body = ok(world.handle(event), 200);

        assertThat(fieldNames(body)).containsExactly("items");
        assertThat(body.get("items")).hasSize(1);
        assertUser(body.get("items").get(0), Seed.BOB, "bob");
        assertThat(body.get("items").get(0).get("mutuals").asLong()).isEqualTo(1);
    }

    @ParameterizedTest
    @Event(value = "events/social/get-me-recommendations.json", type = APIGatewayV2HTTPEvent.class)
    void recommendsNobodyWhenTheFolloweesFollowOnlyTheCaller(APIGatewayV2HTTPEvent event) {
        var alice = Samples.as(event, Seed.ALICE, "alice", Seed.ALICE_TOKEN);

        assertThat(ok(world.handle(alice), 200).get("items")).isEmpty();
    }
}
