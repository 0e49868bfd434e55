package com.scaleout.functions.social.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.application.FanoutService;
import com.scaleout.functions.social.application.SocialGraph;
import com.scaleout.functions.social.application.TimelineSource;
import com.scaleout.functions.social.dynamodb.SocialTables;
import com.scaleout.functions.social.fakes.InMemoryFollowGraphCache;
import com.scaleout.functions.social.fakes.InMemoryFollowStore;
import com.scaleout.functions.social.fakes.InMemoryRetweetStore;
import com.scaleout.functions.social.fakes.InMemorySearchCache;
import com.scaleout.functions.social.fakes.InMemoryTimelineCache;
import com.scaleout.functions.social.fakes.InMemoryTweetCache;
import com.scaleout.functions.social.fakes.InMemoryTweetIndexStore;
import com.scaleout.functions.social.fakes.LiveWorld;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The fanout and the search indexer push the tweets of their batch (tweets-stream-insert-remove.json: alice's tweet
 * tagged #Java and #Serverless mentioning bob, bob's reply tagged #JAVA, alice's removed tweet mentioning bob).
 */
class LivePushesTest {
    private static final String ALICE_TWEET = "01M8MRGYS0000000000000000A";
    private static final String BOB_REPLY = "01M8MRJSC0000000000000000R";
    private static final String REMOVED = "01M6GA60M0000000000000000X";
    private static final SocialTables TABLES = new SocialTables("scaleout-Users", "scaleout-Usernames",
            "scaleout-Sessions", "scaleout-Tweets", "scaleout-TweetIndex", "scaleout-Retweets", "scaleout-Follows",
            "scaleout-SearchIndex", "scaleout-Likes", "scaleout-CountLog");

    private final LiveWorld world = new LiveWorld();

    private static DynamodbEvent batch() {
        return EventLoader.loadDynamoDbEvent("events/social/tweets-stream-insert-remove.json");
    }

    private FanoutHandler fanoutHandler() {
        var retweets = new InMemoryRetweetStore(world.tweets);
        var fanout = new FanoutService(new InMemoryTimelineCache(),
                new SocialGraph(new InMemoryFollowGraphCache(), new InMemoryFollowStore(world.users)),
                new InMemoryTweetCache(), world.users, world.tweets,
                new TimelineSource(world.tweets, retweets, new InMemoryTweetIndexStore()), 10_000);
        return new FanoutHandler(fanout, TABLES, Optional.of(world.fanoutPusher));
    }

    private SearchIndexHandler searchIndexer() {
        return new SearchIndexHandler(world.searchIndex, new InMemorySearchCache(), Optional.of(world.indexerPusher));
    }

    /** What the connection was sent, as "type stream id". */
    private List<String> sentTo(String connectionId) {
        return world.poster.sentTo(connectionId).stream().map(text -> {
            try {
                JsonNode message = Json.MAPPER.readTree(text);
                return message.get("type").asText() + " " + message.get("stream").asText() + " "
                        + message.get("data").get("id").asText();
            } catch (Exception e) {
                throw new AssertionError(text, e);
            }
        }).toList();
    }

    @Test
    void theFanoutPushesHomeMentionsAndPublic() {
        world.connect("B", Optional.of(LiveWorld.BOB_TOKEN));
        world.connect("N", Optional.empty());
        world.live.subscribe("B", "home");
        world.live.subscribe("B", "mentions");
        world.live.subscribe("N", "public");
        world.live.subscribe("N", "hashtag:java");

        var response = fanoutHandler().handleRequest(batch(), null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(sentTo("B")).containsExactlyInAnyOrder(
                "tweet home " + ALICE_TWEET, "tweet mentions " + ALICE_TWEET, // bob follows alice, is mentioned
                "tweet home " + BOB_REPLY, // his own
                "delete home " + REMOVED, "delete mentions " + REMOVED);
        assertThat(sentTo("N")).containsExactlyInAnyOrder(
                "tweet public " + ALICE_TWEET, "tweet public " + BOB_REPLY, "delete public " + REMOVED);
    }

    @Test
    void theSearchIndexerPushesHashtagsAndSearches() {
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "hashtag:Java");
        world.live.subscribe("N", "search:serverless java");
        world.live.subscribe("N", "hashtag:legacy");
        world.live.subscribe("N", "public");

        var response = searchIndexer().handleRequest(batch(), null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(sentTo("N")).containsExactlyInAnyOrder(
                "tweet hashtag:java " + ALICE_TWEET, "tweet hashtag:java " + BOB_REPLY,
                "tweet search:java serverless " + ALICE_TWEET, // the reply has no "serverless"
                "delete hashtag:legacy " + REMOVED);
    }

    @Test
    void aPushThatFailsFailsNoBatch() {
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "public");
        world.live.subscribe("N", "hashtag:java");
        world.poster.failing("N");

        assertThat(fanoutHandler().handleRequest(batch(), null).getBatchItemFailures()).isEmpty();
        assertThat(searchIndexer().handleRequest(batch(), null).getBatchItemFailures()).isEmpty();
        assertThat(world.searchIndex.snapshot()).containsKey("#java");
    }
}
