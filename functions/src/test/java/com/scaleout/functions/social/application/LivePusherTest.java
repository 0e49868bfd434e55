package com.scaleout.functions.social.application;

import static com.scaleout.functions.social.fakes.LiveWorld.ALICE;
import static com.scaleout.functions.social.fakes.LiveWorld.ALICE_TOKEN;
import static com.scaleout.functions.social.fakes.LiveWorld.BOB;
import static com.scaleout.functions.social.fakes.LiveWorld.BOB_TOKEN;
import static com.scaleout.functions.social.fakes.LiveWorld.CAROL;
import static com.scaleout.functions.social.fakes.LiveWorld.CAROL_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.LiveComponents;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.fakes.LiveWorld;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LivePusherTest {
    private final LiveWorld world = new LiveWorld();

    private List<JsonNode> sentTo(String connectionId) {
        return world.poster.sentTo(connectionId).stream().map(LivePusherTest::parse).toList();
    }

    private static JsonNode parse(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(text, e);
        }
    }

    private static List<String> streamsOf(List<JsonNode> messages) {
        return messages.stream().map(m -> m.get("type").asText() + " " + m.get("stream").asText()).toList();
    }

    @Test
    void aNewTweetReachesTheFollowersHomeStreamsAndThePublicStreamAsTheTweetView() {
        world.connect("B", Optional.of(BOB_TOKEN));
        world.connect("C", Optional.of(CAROL_TOKEN));
        world.connect("A", Optional.of(ALICE_TOKEN));
        world.connect("N", Optional.empty());
        world.live.subscribe("B", "home");
        world.live.subscribe("B", "public");
        world.live.subscribe("C", "mentions");
        world.live.subscribe("N", "public");
        Tweet tweet = world.tweet(ALICE, "alice", "Hello live world");

        world.fanoutPusher.push(List.of(tweet), List.of());

        assertThat(streamsOf(sentTo("B"))).containsExactlyInAnyOrder("tweet home", "tweet public");
        assertThat(streamsOf(sentTo("N"))).containsExactly("tweet public");
        assertThat(sentTo("C")).isEmpty(); // not mentioned: carol's home stream is not subscribed
        assertThat(sentTo("A")).isEmpty();
        JsonNode data = sentTo("N").getFirst().get("data");
        assertThat(data.get("id").asText()).isEqualTo(tweet.id());
        assertThat(data.get("text").asText()).isEqualTo("Hello live world");
        assertThat(data.get("author").get("displayName").asText()).isEqualTo("Alice A.");
        assertThat(data.has("likedByMe")).isFalse();
    }

    @Test
    void aMentionReachesTheMentionedUsersStreamsOncePerStream() {
        world.connect("C", Optional.of(CAROL_TOKEN));
        world.connect("C2", Optional.of(CAROL_TOKEN));
        world.live.subscribe("C", "mentions");
        world.live.subscribe("C", "home");
        world.live.subscribe("C2", "mentions");
        Tweet tweet = world.tweet(BOB, "bob", "hi @carol", LiveWorld.mention(CAROL, "carol"));

        world.fanoutPusher.push(List.of(tweet), List.of());

        assertThat(streamsOf(sentTo("C"))).containsExactlyInAnyOrder("tweet mentions", "tweet home");
        assertThat(streamsOf(sentTo("C2"))).containsExactly("tweet mentions");
    }

    @Test
    void aBatchNoOneListensToReadsNoAuthorNames() {
        var reads = new AtomicInteger();
        var names = new AuthorNames(new AuthorNameCache() {
            @Override
            public Map<String, String> get(Collection<String> userIds) {
                reads.incrementAndGet();
                return Map.of();
            }

            @Override
            public void fill(Map<String, String> namesByUserId) {
            }

            @Override
            public void replace(String userId, String displayName) {
            }
        }, world.users);
        var pusher = new LivePusher(LiveComponents.FANOUT_STREAMS, world.connections, world.presence, world.poster,
                names, world.authorFollowers(), LiveWorld.FOLLOWERS_READ_WHOLE);
        Tweet unheard = world.tweet(ALICE, "alice", "nobody is connected");

        pusher.push(List.of(unheard), List.of());
        assertThat(reads).hasValue(0);

        world.connect("N", Optional.empty());
        world.live.subscribe("N", "public");
        pusher.push(List.of(world.tweet(ALICE, "alice", "one listens"), unheard), List.of());
        assertThat(reads).as("once for the batch").hasValue(1);
        assertThat(sentTo("N").getFirst().get("data").get("author").get("displayName").asText())
                .isEqualTo("Alice A.");
    }

    @Test
    void aCelebritysTweetFindsItsOnlineFollowersWithoutReadingItsFollowerSet() {
        aliceIsACelebrityFollowedBy(BOB);
        var asked = new java.util.ArrayList<java.util.Collection<String>>();
        var pusher = celebrityPusher(candidates -> {
            asked.add(List.copyOf(candidates));
            return world.authorFollowers().among(ALICE, candidates);
        });
        world.connect("B", Optional.of(BOB_TOKEN));
        world.connect("C", Optional.of(CAROL_TOKEN));
        world.live.subscribe("B", "home");
        world.live.subscribe("C", "home"); // listening, but no follower of alice

        pusher.push(List.of(world.tweet(ALICE, "alice", "to my many fans")), List.of());

        assertThat(streamsOf(sentTo("B"))).containsExactly("tweet home");
        assertThat(sentTo("C")).isEmpty();
        assertThat(asked).as("only the home listeners were asked about")
                .singleElement().satisfies(candidates -> assertThat(candidates).containsExactlyInAnyOrder(BOB, CAROL));
    }

    @Test
    void withPresenceLostACelebritysTweetRebuildsItFirstAndReachesItsOnlineFollowers() {
        aliceIsACelebrityFollowedBy(BOB);
        var pusher = celebrityPusher(candidates -> world.authorFollowers().among(ALICE, candidates));
        world.connect("A", Optional.of(ALICE_TOKEN));
        world.live.subscribe("A", "home");
        world.connect("B", Optional.of(BOB_TOKEN));
        world.live.subscribe("B", "home");
        world.presence.lose(); // the cache emptied: restarted, failed over

        pusher.push(List.of(world.tweet(ALICE, "alice", "while presence is rebuilt")), List.of());

        assertThat(streamsOf(sentTo("B"))).as("an online follower, found in presence rebuilt")
                .containsExactly("tweet home");
        assertThat(streamsOf(sentTo("A"))).as("the author's own home").containsExactly("tweet home");
        assertThat(world.presence.rebuilds()).as("once, before the pushes").isEqualTo(1);
        assertThat(world.connections.listenerReads()).as("not a Query per follower").isLessThan(10);
    }

    @Test
    void aBatchTriesToRebuildPresenceOnceHoweverManyCelebritiesTweetInIt() {
        aliceIsACelebrityFollowedBy(BOB);
        var pusher = celebrityPusher(candidates -> world.authorFollowers().among(ALICE, candidates));
        world.connect("B", Optional.of(BOB_TOKEN));
        world.live.subscribe("B", "home");
        world.presence.lose();
        world.presence.refuseRebuilds(); // another pusher is rebuilding it

        pusher.push(List.of(world.tweet(ALICE, "alice", "one"), world.tweet(ALICE, "alice", "two")), List.of());

        assertThat(world.connections.everySubscriptionReads()).as("one attempt at most").isLessThanOrEqualTo(1);
    }

    @Test
    void withPresenceDownACelebritysFollowersAreNotEachLookedUpInTheStore() {
        aliceIsACelebrityFollowedBy();
        var pusher = celebrityPusher(candidates -> {
            throw new AssertionError("presence cannot say who listens");
        });
        world.connect("A", Optional.of(ALICE_TOKEN));
        world.live.subscribe("A", "home");
        world.presence.setAvailable(false);

        pusher.push(List.of(world.tweet(ALICE, "alice", "while the cache is down")), List.of());

        assertThat(streamsOf(sentTo("A"))).as("the author's own home, from the store").containsExactly("tweet home");
        assertThat(world.connections.listenerReads()).as("not a Query per follower").isLessThan(10);
    }

    /** Alice gets twice the followers whose set is read whole, these among them. */
    private void aliceIsACelebrityFollowedBy(String... users) {
        var fans = new java.util.HashSet<>(List.of(users));
        for (int i = 0; i < LiveWorld.FOLLOWERS_READ_WHOLE * 2; i++) {
            fans.add("fan-" + i);
        }
        world.followers.put(ALICE, fans);
    }

    /** The fanout's pusher, whose author followers fail the test if the whole set is read. */
    private LivePusher celebrityPusher(java.util.function.Function<java.util.Collection<String>, Set<String>> among) {
        var followers = new AuthorFollowers() {
            @Override
            public long count(String authorId) {
                return world.authorFollowers().count(authorId);
            }

            @Override
            public Set<String> all(String authorId) {
                throw new AssertionError("a celebrity's whole follower set was read");
            }

            @Override
            public Set<String> among(String authorId, java.util.Collection<String> candidates) {
                return among.apply(candidates);
            }
        };
        return new LivePusher(LiveComponents.FANOUT_STREAMS, world.connections, world.presence, world.poster,
                world.authorNames, followers, LiveWorld.FOLLOWERS_READ_WHOLE);
    }

    @Test
    void listenersComeFromPresenceWithoutAStoreRead() {
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "public");
        Tweet tweet = world.tweet(ALICE, "alice", "hi @bob", LiveWorld.mention(BOB, "bob"));

        world.fanoutPusher.push(List.of(tweet), List.of());

        assertThat(world.connections.listenerReads()).isZero();
        assertThat(sentTo("N")).hasSize(1);
    }

    @Test
    void presenceLostIsReadFromTheStoreThenRebuiltAndUsedAgain() {
        world.connect("B", Optional.of(BOB_TOKEN));
        world.live.subscribe("B", "home");
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "public");
        world.presence.lose();

        world.fanoutPusher.push(List.of(world.tweet(ALICE, "alice", "after the flush")), List.of());

        assertThat(streamsOf(sentTo("B"))).as("still reached, from the store").containsExactly("tweet home");
        assertThat(streamsOf(sentTo("N"))).containsExactly("tweet public");
        int storeReads = world.connections.listenerReads();
        assertThat(storeReads).isPositive();
        assertThat(world.presence.rebuilds()).isEqualTo(1);
        assertThat(world.presence.counts()).containsEntry("home:" + BOB, 1L).containsEntry("public", 1L);

        world.fanoutPusher.push(List.of(world.tweet(ALICE, "alice", "rebuilt")), List.of());

        assertThat(streamsOf(sentTo("B"))).containsExactly("tweet home", "tweet home");
        assertThat(world.connections.listenerReads()).as("presence again").isEqualTo(storeReads);
    }

    @Test
    void withPresenceDownEveryCandidateIsLookedUpAndStillReached() {
        world.connect("B", Optional.of(BOB_TOKEN));
        world.live.subscribe("B", "home");
        world.presence.setAvailable(false);
        Tweet tweet = world.tweet(ALICE, "alice", "still here");

        world.fanoutPusher.push(List.of(tweet), List.of());

        assertThat(streamsOf(sentTo("B"))).containsExactly("tweet home");
        assertThat(world.connections.listenerReads()).isGreaterThan(1);
    }

    @Test
    void theIndexerPushesHashtagsAndSearchesThatEveryTermFinds() {
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "hashtag:JAVA");
        world.live.subscribe("N", "search:java serverless");
        world.live.subscribe("N", "public"); // the fanout's, not the indexer's
        Tweet both = world.tweet(ALICE, "alice", "Serverless #Java at scale");
        Tweet one = world.tweet(ALICE, "alice", "java without the other word");

        world.indexerPusher.push(List.of(both, one), List.of());

        var messages = sentTo("N");
        assertThat(streamsOf(messages)).containsExactlyInAnyOrder("tweet hashtag:java",
                "tweet search:java serverless");
        assertThat(messages).allMatch(m -> m.get("data").get("id").asText().equals(both.id()));
    }

    @Test
    void aDeletedTweetIsPushedAsADeleteToTheSameStreams() {
        world.connect("B", Optional.of(BOB_TOKEN));
        world.live.subscribe("B", "home");
        world.live.subscribe("B", "hashtag:java");
        Tweet tweet = world.tweet(ALICE, "alice", "bye #java");

        world.fanoutPusher.push(List.of(), List.of(tweet));
        world.indexerPusher.push(List.of(), List.of(tweet));

        var messages = sentTo("B");
        assertThat(streamsOf(messages)).containsExactlyInAnyOrder("delete home", "delete hashtag:java");
        assertThat(messages).allMatch(m -> m.get("data").get("id").asText().equals(tweet.id()));
    }

    @Test
    void aGoneConnectionIsForgottenAndAFailedPostFailsNothingElse() {
        world.connect("B", Optional.of(BOB_TOKEN));
        world.connect("C", Optional.of(CAROL_TOKEN));
        world.connect("N", Optional.empty());
        world.live.subscribe("B", "home");
        world.live.subscribe("C", "public");
        world.live.subscribe("N", "public");
        world.poster.gone("B");
        world.poster.failing("C");
        Tweet tweet = world.tweet(ALICE, "alice", "who is still here");

        world.fanoutPusher.push(List.of(tweet), List.of());

        assertThat(sentTo("N")).hasSize(1);
        assertThat(world.connections.connection("B")).isEmpty();
        assertThat(world.presence.counts()).doesNotContainKey("home:" + BOB).containsEntry("public", 2L);
        assertThat(world.presence.home()).doesNotContain(BOB);
        assertThat(world.connections.connection("C")).isPresent();
    }

    @Test
    void aStoreThatCannotBeReadFailsNoBatch() {
        world.connect("N", Optional.empty());
        world.live.subscribe("N", "public");
        world.presence.setAvailable(false); // so that the store is where listeners are read
        world.connections.setListenersReadable(false);

        world.fanoutPusher.push(List.of(world.tweet(ALICE, "alice", "lost push")), List.of());

        assertThat(world.poster.posts()).isEmpty();
    }
}
